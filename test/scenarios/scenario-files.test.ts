/**
 * Scenario files: validated at load by the zod schema, with the file name and the path of the bad
 * field in every error; the committed JSON Schema is what the zod schema generates; the shipped
 * files all point at it, carry steps, and are the ones bundled for the in-process runtimes.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { operationIds } from '../../src/contract/operations.ts'
import { loadFixtureDirectory } from '../../src/model/load-fixture-directory.ts'
import { parseWorld } from '../../src/model/world.ts'
import { replayCommand } from '../../src/runtimes/cli/replay.ts'
import { loadScenarioDirectory, loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import { scenarioJsonSchemaText } from '../../src/scenarios/scenario-json-schema.ts'
import { parseScenario, ScenarioError } from '../../src/scenarios/scenario-schema.ts'
import { shippedScenarioFiles, shippedScenarios } from '../../src/scenarios/shipped-scenarios.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const root = join(import.meta.dirname, '../..')
const scenariosDirectory = join(root, 'scenarios')

function writeScenario(content: unknown, name = 'broken.json'): { directory: string; file: string } {
  const directory = temporaryDirectory('scenarios-')
  const file = join(directory, name)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return { directory, file }
}

function loadError(content: unknown): string {
  const { file } = writeScenario(content)
  try {
    loadScenarioFile(file)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    return (error as Error).message.replaceAll(file, 'FILE')
  }
  throw new Error('expected the file to be rejected')
}

const valid = {
  description: 'ok',
  rules: [{ operation: 'listSecurityTokens', respond: { status: 400, message: 'no' } }],
}
const withRule = (rule: Record<string, unknown>) => ({
  description: 'bad',
  rules: [valid.rules[0], valid.rules[0], rule],
})

describe('scenario validation', () => {
  it('accepts a minimal scenario and a scenario without rules', () => {
    expect(parseScenario(valid, 'x').rules).toHaveLength(1)
    expect(parseScenario({ description: 'nothing', rules: [] }, 'x').rules).toEqual([])
  })

  // Issue 31, finding 10: a file of steps alone was refused with "rules: is required".
  it('accepts a file of steps alone, by the loader and the committed JSON Schema, and replays it', async () => {
    const stepsOnly = {
      description: 'steps alone',
      steps: [
        { request: { method: 'GET', path: '/securityToken' }, expect: { status: 200 } },
        { skip: 'not sent: the reason replay prints', request: { method: 'GET', path: '/x' }, expect: { status: 504 } },
      ],
    }
    const { file } = writeScenario(stepsOnly, 'steps-only.json')
    expect(loadScenarioFile(file).rules).toEqual([])
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    const validate = ajv.compile(JSON.parse(scenarioJsonSchemaText()))
    expect(validate(stepsOnly), ajv.errorsText(validate.errors)).toBe(true)
    const out: string[] = []
    const code = await replayCommand([file], { out: (text) => out.push(text), err: (text) => out.push(text) })
    expect(out.join('\n')).toContain('(1/1 steps passed, 1 skipped)')
    expect(out.join('\n')).toContain('  - 2. GET /x skipped: not sent: the reason replay prints')
    expect(code).toBe(0)
    expect(loadError({ ...stepsOnly, steps: [{ ...stepsOnly.steps[1], skip: '' }] })).toBe(
      'FILE: steps[0].skip: must say why the step is skipped, got ""',
    )
  })

  it('names the file and the path of a bad field', () => {
    expect(loadError(withRule({ operation: 'listSecurityTokens', respond: { status: 302, message: 'moved' } }))).toBe(
      'FILE: rules[2].respond.status: must be an HTTP error status: a whole number from 400 to 599, got 302',
    )
    expect(loadError(withRule({ operation: 'listSecurityTokens', respond: { status: 429.5, message: 'x' } }))).toBe(
      'FILE: rules[2].respond.status: must be an HTTP error status: a whole number from 400 to 599, got 429.5',
    )
    expect(loadError(withRule({ operation: 'listSecurityToken', delayMs: 5 }))).toMatch(
      /^FILE: rules\[2\]\.operation: must be "\*" or an operation id: /,
    )
    expect(loadError(withRule({ operation: 'listSecurityTokens', delayMs: 70_000 }))).toMatch(
      /^FILE: rules\[2\]\.delayMs: /,
    )
    expect(
      loadError({
        description: 'bad',
        rules: [],
        steps: [{ request: { method: 'GET', path: 'securityToken' }, expect: { status: 200 } }],
      }),
    ).toBe('FILE: steps[0].request.path: must start with /, got "securityToken"')
    expect(loadError({ rules: [] })).toMatch(/^FILE: description: /)
  })

  it('reports every bad field, one per line', () => {
    const message = loadError({ description: '', rules: [{ operation: '*' }], extra: 1 })
    expect(message.split('\n')).toEqual([
      'FILE: description: must be a non-empty string, got ""',
      'FILE: rules[0]: a rule needs at least one of delayMs, respond or networkError',
      'FILE: extra: unknown field (check the spelling against scenario.schema.json)',
    ])
  })

  it('names the field an unknown one was likely meant to be', () => {
    expect(
      loadError({
        description: 'typo',
        rules: [{ operation: '*', delayMs: 5, respnd: { status: 503, message: 'x' } }],
      }),
    ).toBe('FILE: rules[0].respnd: unknown field; did you mean "respond"?')
    expect(loadError({ descripton: 'typo', rules: [] }).split('\n')).toContain(
      'FILE: descripton: unknown field; did you mean "description"?',
    )
  })

  it('refuses rules that cannot mean anything', () => {
    expect(loadError(withRule({ operation: '*', respond: { status: 500, message: 'x' }, networkError: true }))).toBe(
      'FILE: rules[2].networkError: a rule gives either respond or networkError, not both',
    )
    expect(loadError(withRule({ operation: '*', networkError: false }))).toMatch(/^FILE: rules\[2\]\.networkError: /)
    expect(loadError(withRule({ operation: '*', delayMs: { min: 10, max: 5 } }))).toBe(
      'FILE: rules[2].delayMs.min: must not be greater than max',
    )
    expect(loadError(withRule({ operation: '*', fromCall: 0, delayMs: 1 }))).toMatch(/^FILE: rules\[2\]\.fromCall: /)
    expect(loadError(withRule({ operation: '*', respond: { status: 400, message: '' } }))).toBe(
      'FILE: rules[2].respond.message: must be a non-empty string, got ""',
    )
  })

  it('refuses match fields the operation does not have (a typo would never match)', () => {
    expect(
      loadError(withRule({ operation: 'listDebtorDebtTokens', match: { params: { adress: '0x1' } }, delayMs: 1 })),
    ).toBe('FILE: rules[2].match.params.adress: unknown path parameter: listDebtorDebtTokens has address')
    expect(
      loadError(withRule({ operation: 'listSecurityTokens', match: { query: { market: 'true' } }, delayMs: 1 })),
    ).toBe(
      'FILE: rules[2].match.query.market: unknown query parameter: listSecurityTokens has marketplace, contractAddress',
    )
    expect(loadError(withRule({ operation: 'listSecurityTokens', match: { body: { a: 1 } }, delayMs: 1 }))).toBe(
      'FILE: rules[2].match.body.a: unknown body member: listSecurityTokens has no body',
    )
    expect(
      loadError(withRule({ operation: 'createInvestorPayment', match: { body: { investor: '0x1' } }, delayMs: 1 })),
    ).toMatch(
      /^FILE: rules\[2\]\.match\.body\.investor: unknown body member: createInvestorPayment has investorAddress, tokenAddress, /,
    )
  })

  it('checks steps: one of status or networkError, captures with paths, no body on GET', () => {
    const step = (expectation: unknown, extra: Record<string, unknown> = {}) => ({
      description: 'steps',
      rules: [],
      steps: [{ request: { method: 'GET', path: '/securityToken' }, expect: expectation, ...extra }],
    })
    expect(loadError(step({}))).toBe('FILE: steps[0].expect: give exactly one of status or networkError')
    expect(loadError(step({ status: 200 }, { capture: { token: 'contractAddress' } }))).toMatch(
      /^FILE: steps\[0\]\.capture\.token: must be a path/,
    )
    expect(
      loadError({
        description: 'x',
        rules: [],
        steps: [{ request: { method: 'GET', path: '/x', body: {} }, expect: { status: 200 } }],
      }),
    ).toBe('FILE: steps[0].request.body: a GET or HEAD request carries no body')
    expect(loadError({ description: 'x', rules: [], world: { fixtures: 'empty', size: 3 } })).toBe(
      'FILE: world: give at most one of fixtures or size',
    )
  })

  it('checks the operators of expected bodies: $contains, $type, $length and $minLength', () => {
    const expecting = (...bodies: unknown[]) => ({
      description: 'operators',
      rules: [],
      steps: bodies.map((body) => ({
        request: { method: 'GET', path: '/securityToken' },
        expect: { status: 200, body },
      })),
    })
    expect(
      parseScenario(
        expecting(
          { $contains: { contractAddress: { $type: 'string' }, series: { $contains: { name: 'A' } } } },
          [{ $type: 'object' }, { $minLength: 0 }],
          { total: { $type: 'integer' }, items: { $length: 2 } },
        ),
        'x',
      ).steps,
    ).toHaveLength(3)
    expect(
      loadError(
        expecting(
          { items: { $type: 'str' } },
          { items: { $contains: { id: { $type: 1 } } } },
          [{ $length: -1 }, { $minLength: '2' }],
          { items: { $contain: { id: 1 } } },
          { items: { $contains: { id: 1 }, other: 2 } },
        ),
      ).split('\n'),
    ).toEqual([
      'FILE: steps[0].expect.body.items.$type: must be one of "string", "number", "integer", "boolean", "object", "array", "null", got "str"',
      'FILE: steps[1].expect.body.items.$contains.id.$type: must be one of "string", "number", "integer", "boolean", "object", "array", "null", got 1',
      'FILE: steps[2].expect.body[0].$length: must be a whole number of items (0 or more), got -1',
      'FILE: steps[2].expect.body[1].$minLength: must be a whole number of items (0 or more), got "2"',
      'FILE: steps[3].expect.body.items.$contain: unknown operator; expected bodies know $contains, $type, $length, $minLength, $not, $absent (names starting with $ are kept for them)',
      'FILE: steps[4].expect.body.items: an operator stands alone in its object: "$contains" cannot be given with "other"',
    ])
  })

  it('names a file that is not JSON, and a directory load stops at the first bad file with its name', () => {
    expect(loadError('{ "description": ')).toMatch(/^FILE: not valid JSON: /)
    const { directory } = writeScenario(withRule({ operation: '*', every: 'x' }), 'flaky.json')
    writeFileSync(join(directory, 'good.json'), JSON.stringify(valid))
    writeFileSync(join(directory, 'scenario.schema.json'), '{"not": "a scenario"}')
    expect(() => loadScenarioDirectory(directory)).toThrow(`${join(directory, 'flaky.json')}: rules[2].every: `)
    writeFileSync(join(directory, 'flaky.json'), JSON.stringify(valid))
    expect(Object.keys(loadScenarioDirectory(directory))).toEqual(['flaky', 'good'])
  })
})

describe('the committed JSON Schema', () => {
  it('equals what the zod schema generates (run npm run scenario-schema after changing it)', () => {
    expect(readFileSync(join(scenariosDirectory, 'scenario.schema.json'), 'utf8')).toBe(scenarioJsonSchemaText())
  })

  it('lets editors complete operation ids and statuses, and any 4xx or 5xx status', () => {
    const text = scenarioJsonSchemaText()
    for (const id of operationIds) expect(text).toContain(`"${id}"`)
    expect(JSON.parse(text).properties.rules.items.properties.respond.properties.status).toMatchObject({
      type: 'integer',
      minimum: 400,
      maximum: 599,
      examples: expect.arrayContaining([400, 404, 429, 503]),
    })
  })
  it('checks the shipped files and the operators of expected bodies, as the loader does, under ajv’s strict mode', () => {
    // Strict as ajv is by default and more (union types, types of every keyword), formats checked:
    // what a user's validator or editor meets.
    const ajv = formats.default(new Ajv2020({ strict: true, allErrors: true }))
    const validate = ajv.compile(JSON.parse(scenarioJsonSchemaText()))
    for (const [name, raw] of Object.entries(shippedScenarioFiles))
      expect(validate(raw), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true)
    const expecting = (body: unknown) => ({
      description: 'x',
      rules: [{ operation: 'listSecurityTokens', respond: { status: 429, message: 'later' } }],
      steps: [{ request: { method: 'GET', path: '/a' }, expect: { status: 200, body } }],
    })
    expect(validate(expecting({ items: { $contains: { id: { $type: 'integer' } } }, n: { $minLength: 1 } }))).toBe(true)
    for (const bad of [{ items: { $contain: {} } }, { n: { $type: 'str' } }, { n: { $length: 1, x: 2 } }])
      expect(validate(expecting(bad)), JSON.stringify(bad)).toBe(false)
  })
})

describe('shipped scenarios', () => {
  const files = readdirSync(scenariosDirectory).filter(
    (file) => file.endsWith('.json') && file !== 'scenario.schema.json',
  )

  it('are all bundled for the runtimes without a file system, identical to the files', () => {
    expect(Object.keys(shippedScenarioFiles).sort()).toEqual(files.map((file) => file.replace(/\.json$/, '')).sort())
    for (const file of files) {
      expect(shippedScenarioFiles[file.replace(/\.json$/, '') as keyof typeof shippedScenarioFiles]).toEqual(
        JSON.parse(readFileSync(join(scenariosDirectory, file), 'utf8')),
      )
    }
    expect(Object.keys(shippedScenarios())).toEqual(Object.keys(loadScenarioDirectory(scenariosDirectory)))
  })

  it('each point at the JSON Schema first and carry steps', () => {
    for (const file of files) {
      const text = readFileSync(join(scenariosDirectory, file), 'utf8')
      expect(text.startsWith('{\n  "$schema": "./scenario.schema.json",'), file).toBe(true)
      expect(loadScenarioFile(join(scenariosDirectory, file)).steps?.length, file).toBeGreaterThan(0)
    }
  })

  it('cover every group the spec shows a 400 for, credentials, slow, flaky, empty and rich worlds', () => {
    const scenarios = shippedScenarios()
    const answers400 = (name: string, operations: string[]) =>
      scenarios[name]!.rules.some((rule) => rule.respond?.status === 400 && operations.includes(rule.operation))
    expect(
      answers400('manager-payment-rejected', ['createManagerPayment', 'listManagerPayments', 'updateManagerPayment']),
    ).toBe(true)
    expect(
      answers400('investor-payment-rejected', [
        'createInvestorPayment',
        'listInvestorPayments',
        'updateInvestorPayment',
      ]),
    ).toBe(true)
    expect(answers400('debtor-query-rejected', ['listDebtorDebtTokens', 'getDebtorDebtToken'])).toBe(true)
    expect(
      answers400('security-token-rejected', [
        'listSecurityTokens',
        'createSecurityToken',
        'deleteSecurityToken',
        'updateSecurityToken',
      ]),
    ).toBe(true)
    expect(scenarios['expired-credentials']!.rules[0]).toMatchObject({ operation: '*', respond: { status: 401 } })
    expect(scenarios['slow-backend']!.rules[0]).toMatchObject({ operation: '*', delayMs: { min: 300, max: 1500 } })
    expect(scenarios['flaky-backend']!.rules[0]).toMatchObject({ operation: '*', every: 3, respond: { status: 503 } })
    expect(scenarios['empty-world']!.world).toEqual({ fixtures: 'empty' })
    expect(scenarios['rich-world']!.world).toEqual({ size: 200 })
  })
})

describe('fixtures/empty', () => {
  it('holds the same empty world the bundled { fixtures: "empty" } builds', () => {
    expect(loadFixtureDirectory(join(root, 'fixtures/empty'))).toEqual(parseWorld({}))
  })
})
