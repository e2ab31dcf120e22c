/**
 * The proxy's contract check (src/proxy/contract-drift.ts): the simulator's own answers keep to
 * the contract (no false drift), each kind of departure a real service may show is named, and the
 * check, ajv on a worker thread, finds what a walk of the parsed answer finds.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { ErrorBody } from '../../src/contract/error-body.ts'
import type { JsonSchema } from '../../src/contract/json-schema.ts'
import { findOperation, type Operation, operations } from '../../src/contract/operations.ts'
import { answerDrift, MAX_DRIFT_LINES } from '../../src/proxy/contract-drift.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { samples } from '../support/samples.ts'

const simulator = createSimulatorCore()

async function answer(operation: Operation, authorization = 'Bearer drift-check') {
  const sample = samples[operation.id]
  const url = new URL(sample.path, 'http://sim.test')
  const body = sample.body === undefined ? '' : JSON.stringify(sample.body)
  const response = await simulator.host.handle({
    method: sample.method,
    path: url.pathname,
    query: url.searchParams,
    header: (name) =>
      name === 'authorization' ? authorization : name === 'content-type' && body !== '' ? 'application/json' : null,
    text: async () => body,
  })
  return {
    status: response.status,
    contentType: response.headers['content-type'] ?? null,
    body: response.body!,
  }
}

describe('contract drift', () => {
  it("finds none in the simulator's own answers, success and error alike", async () => {
    for (const operation of operations) {
      const ok = await answer(operation)
      expect(ok.status, operation.id).toBe(200)
      expect(await answerDrift(operation, ok.status, ok.contentType, ok.body), operation.id).toEqual([])
      const refused = await answer(operation, 'Basic x')
      expect(await answerDrift(operation, refused.status, refused.contentType, refused.body), operation.id).toEqual([])
    }
  })

  it('names an undeclared status, a missing, unknown or mistyped field, a broken format and a wrong content type', async () => {
    const operation = findOperation('listSecurityTokens')!
    const { body } = await answer(operation)
    const [first, ...rest] = JSON.parse(body) as Record<string, unknown>[]
    const { contractAddress: _dropped, ...withoutAddress } = first!
    const drifted = [
      { ...withoutAddress, extra: 1, symbol: 42 },
      { ...rest[0], contractAddress: '0x12' },
    ]
    const lines = await answerDrift(operation, 200, 'text/plain', JSON.stringify(drifted))
    expect(lines).toContain('content-type is "text/plain", the contract says application/json')
    expect(lines).toContain('body[0].contractAddress is required by the contract but missing')
    expect(lines).toContain('body[0].extra is not in the contract')
    expect(lines.some((line) => line.startsWith('body[0].symbol must be string, got 42'))).toBe(true)
    expect(lines.some((line) => line.startsWith('body[1].contractAddress breaks its format'))).toBe(true)
    expect(await answerDrift(operation, 418, 'application/json', '{"statusCode":418}')).toEqual([
      expect.stringMatching(/^status 418 is not declared for listSecurityTokens \(declared: 200, .*401/),
      'body (error shape).error is required by the contract but missing',
      'body (error shape).message is required by the contract but missing',
      'body (error shape).statusCode must be string, got 418',
    ])
  })

  it('stops at a bounded number of lines, and says so', async () => {
    const operation = findOperation('listSecurityTokens')!
    const lines = await answerDrift(
      operation,
      200,
      'application/json',
      JSON.stringify(Array.from({ length: 100 }, () => 1)),
    )
    expect(lines).toHaveLength(MAX_DRIFT_LINES + 1)
    expect(lines.at(-1)).toMatch(/the first 20 differences/)
  })

  it('reads every keyword the published response schemas use (a new one fails here, not silently)', () => {
    const checked = [
      '$ref',
      'type',
      'properties',
      'required',
      'additionalProperties',
      'items',
      'enum',
      'const',
      'pattern',
      'minimum',
      'maximum',
      'minItems',
    ]
    const annotations = [
      '$schema',
      '$defs',
      'description',
      'examples',
      'format',
      'x-enum-varnames',
      'x-enum-descriptions',
    ]
    const used = new Set<string>()
    const walk = (schema: unknown): void => {
      if (Array.isArray(schema)) {
        for (const item of schema) walk(item)
        return
      }
      if (schema === null || typeof schema !== 'object') return
      for (const [keyword, value] of Object.entries(schema)) {
        used.add(keyword)
        if (keyword === 'properties' || keyword === '$defs') Object.values(value as object).forEach(walk)
        else if (keyword !== 'examples' && keyword !== 'enum' && keyword !== 'const') walk(value)
      }
    }
    for (const schema of [...operations.map((operation) => operation.response), ErrorBody])
      walk(z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }))
    expect([...used].filter((keyword) => !checked.includes(keyword) && !annotations.includes(keyword))).toEqual([])
  })
})

/**
 * The model of the check: a recursive walk over the parsed answer (members looked up as own
 * properties). The check asks ajv, on its worker thread, instead; it must find the same departures.
 */
function modelDrift(root: JsonSchema, value: unknown): string[] {
  const lines: string[] = []
  const quote = (v: unknown): string =>
    v === null
      ? 'null'
      : Array.isArray(v)
        ? 'an array'
        : typeof v === 'string'
          ? JSON.stringify(v.length <= 40 ? v : `${v.slice(0, 40)}…`)
          : typeof v === 'object'
            ? 'an object'
            : String(v)
  const jsonType = (v: unknown) =>
    v === null
      ? 'null'
      : Array.isArray(v)
        ? 'array'
        : typeof v === 'number'
          ? Number.isInteger(v)
            ? 'integer'
            : 'number'
          : typeof v
  const memberPath = (path: string, name: string) =>
    /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`
  const own = <T>(record: Readonly<Record<string, T>> | undefined, name: string) =>
    record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined
  const check = (v: unknown, schema: JsonSchema, path: string): void => {
    if (schema.$ref !== undefined) {
      const target = own(root.$defs, schema.$ref.replace(/^#\/\$defs\//, ''))
      if (target !== undefined) check(v, target, path)
      return
    }
    if (schema.type !== undefined) {
      const types = typeof schema.type === 'string' ? [schema.type] : schema.type
      if (!types.some((type) => type === jsonType(v) || (type === 'number' && jsonType(v) === 'integer'))) {
        lines.push(`${path} must be ${types.join(' or ')}, got ${quote(v)}`)
        return
      }
    }
    if (schema.const !== undefined && v !== schema.const) {
      lines.push(`${path} must be ${quote(schema.const)}, got ${quote(v)}`)
      return
    }
    if (schema.enum !== undefined && !schema.enum.includes(v)) {
      lines.push(`${path} must be one of ${schema.enum.map(String).join(', ')}, got ${quote(v)}`)
      return
    }
    if (typeof v === 'string' && schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(v))
      lines.push(
        `${path} breaks its format${schema.format === undefined ? '' : ` (${schema.format})`} ${schema.pattern}, got ${quote(v)}`,
      )
    if (typeof v === 'number') {
      if (schema.minimum !== undefined && v < schema.minimum)
        lines.push(`${path} must be at least ${schema.minimum}, got ${v}`)
      if (schema.maximum !== undefined && v > schema.maximum)
        lines.push(`${path} must be at most ${schema.maximum}, got ${v}`)
    }
    if (Array.isArray(v)) {
      if (schema.minItems !== undefined && v.length < schema.minItems)
        lines.push(`${path} must hold at least ${schema.minItems} items, got ${v.length}`)
      if (schema.items !== undefined) for (const [i, item] of v.entries()) check(item, schema.items, `${path}[${i}]`)
      return
    }
    if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>
      for (const name of schema.required ?? [])
        if (!Object.hasOwn(record, name))
          lines.push(`${memberPath(path, name)} is required by the contract but missing`)
      for (const [name, member] of Object.entries(record)) {
        const declared = own(schema.properties, name)
        if (declared !== undefined) check(member, declared, memberPath(path, name))
        else if (schema.additionalProperties === false) lines.push(`${memberPath(path, name)} is not in the contract`)
        else if (typeof schema.additionalProperties === 'object')
          check(member, schema.additionalProperties, memberPath(path, name))
      }
    }
  }
  check(value, root, 'body')
  return lines
}

/** The containers of a JSON value, outermost first. */
function containersOf(value: unknown, found: (unknown[] | Record<string, unknown>)[] = []) {
  if (value !== null && typeof value === 'object') {
    found.push(value as unknown[] | Record<string, unknown>)
    for (const member of Object.values(value)) containersOf(member, found)
  }
  return found
}

/** One change a drifting service makes: a member removed, set (new or replaced), or the value's type changed. */
const edit = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('remove', 'set', 'set'),
  name: fc.oneof(fc.constantFrom('legacyId', 'x-y', '0', 'constructor', '__proto__'), fc.string({ maxLength: 4 })),
  value: fc.jsonValue({ maxDepth: 2 }),
})

function applied(value: unknown, edits: readonly (typeof edit extends fc.Arbitrary<infer E> ? E : never)[]): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(value))
  let root = copy
  for (const { at, kind, name, value: replacement } of edits) {
    const containers = containersOf(root)
    if (containers.length === 0) {
      root = replacement
      continue
    }
    const container = containers[at % containers.length]!
    const keys = Object.keys(container)
    const key = keys.length > 0 && at % 3 !== 0 ? keys[at % keys.length]! : name
    if (Array.isArray(container)) {
      if (kind === 'remove') container.splice(at % Math.max(1, container.length), 1)
      else container[at % (container.length + 1)] = replacement
    } else if (kind === 'remove') delete container[key]
    else
      Object.defineProperty(container, key, {
        value: replacement,
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  return root
}

describe('the check against its model', () => {
  it("says what the recursive walk says, on the simulator's answers changed as a drifting service would", async () => {
    const answers = await Promise.all(
      operations.flatMap((operation) => [answer(operation), answer(operation, 'Basic x')]),
    )
    const cases = answers.map((reply, i) => ({ operation: operations[Math.floor(i / 2)]!, ...reply }))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), fc.array(edit, { maxLength: 6 }), async (reply, edits) => {
        const value = applied(JSON.parse(reply.body), edits)
        const text = JSON.stringify(value)
        const schema = reply.status === 200 ? reply.operation.response : ErrorBody
        const expected = modelDrift(
          z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema,
          value,
        )
        const lines = await answerDrift(reply.operation, reply.status, 'application/json', text)
        const body = lines
          .filter((line) => line.startsWith('body'))
          .map((line) => line.replace(/^body \(error shape\)/, 'body'))
        // The same departures, in ajv's order (a schema's keywords, then the answer's members); past
        // the bound, the first ones and a line saying there are more.
        if (expected.length <= MAX_DRIFT_LINES) expect(new Set(body)).toEqual(new Set(expected))
        else {
          expect(body).toHaveLength(MAX_DRIFT_LINES)
          expect(expected).toEqual(expect.arrayContaining(body))
          expect(lines.at(-1)).toMatch(/the first 20 differences/)
        }
        expect(body).toHaveLength(new Set(body).size)
      }),
      { seed: 3107, numRuns: propertyRuns(1_000, 100) },
    )
  })
})
