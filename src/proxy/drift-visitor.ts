/**
 * The check behind contract drift (contract-drift.ts): a JSON reader's visitor (json-reader.ts)
 * that walks an answer along its JSON Schema as the text is read, keeping one line per departure:
 * a wrong type, a value outside its const, enum, pattern or range, a missing or unknown field, too
 * few items. No value is built, so an answer of any shape costs the event loop one slice at a time.
 */
import type { JsonSchema } from '../contract/json-schema.ts'
import type { JsonPrimitive, JsonVisitor } from './json-reader.ts'

/** The most drift lines one answer reports: a list whose every item drifts would say the same thing thousands of times. */
export const MAX_DRIFT_LINES = 20

/** A JSON Schema with the `$defs` it refers to, and the patterns compiled so far. */
export interface Compiled {
  readonly root: JsonSchema
  readonly patterns: Map<string, RegExp>
}

/** A value as a drift line quotes it: bounded, like the simulator's own messages. */
function quote(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length <= 40 ? value : `${value.slice(0, 40)}…`)
  if (typeof value === 'object') return 'an object'
  return String(value)
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function typeMatches(expected: string, value: unknown): boolean {
  const actual = jsonType(value)
  return expected === actual || (expected === 'number' && actual === 'integer')
}

const memberPath = (path: string, name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`

/** What a container is, as the checks of a value see it before its members are read. */
const AN_OBJECT: Readonly<Record<string, never>> = Object.freeze({})
const AN_ARRAY: readonly never[] = Object.freeze([])

/** An open object or array of the answer, and how its members are checked. */
interface Frame {
  readonly object: boolean
  /** Its schema, $refs followed; undefined when its members are not checked. */
  readonly schema: JsonSchema | undefined
  readonly path: string
  /** Where its own lines (missing fields, too few items) go: before the lines of its members. */
  readonly linesAt: number
  /** Items read so far (arrays). */
  count: number
  /** The required member names read so far, when the schema requires some (objects). */
  readonly seen: Set<string> | undefined
  /** The schema and path of the member whose value comes next (objects). */
  member: JsonSchema | undefined
  memberPath: string
}

/**
 * Checks an answer against a schema as the JSON reader reports it, value by value, with no value
 * built: one line per departure, in the order of the text (a container's own lines before its
 * members'), the first MAX_DRIFT_LINES kept.
 */
export class DriftVisitor implements JsonVisitor {
  readonly lines: string[] = []
  readonly #context: Compiled
  readonly #open: Frame[] = []

  constructor(context: Compiled) {
    this.#context = context
  }

  /** Whether more lines would be dropped: those to come follow, in the text, every line held. */
  get #full(): boolean {
    return this.lines.length >= MAX_DRIFT_LINES
  }

  /** The schema and path of the value that comes now (undefined: not checked). */
  #next(): [JsonSchema | undefined, string] {
    const frame = this.#open.at(-1)
    if (frame === undefined) return [this.#context.root, 'body']
    if (frame.object) return [frame.member, frame.memberPath]
    const index = frame.count++
    const items = frame.schema?.items
    return items === undefined || this.#full ? [undefined, ''] : [items, `${frame.path}[${index}]`]
  }

  /** Follows `$ref`s; undefined for a reference to nothing. */
  #resolve(schema: JsonSchema): JsonSchema | undefined {
    let resolved: JsonSchema | undefined = schema
    for (let hops = 0; resolved?.$ref !== undefined && hops < 32; hops++) {
      const name: string = resolved.$ref.replace(/^#\/\$defs\//, '')
      const defs = this.#context.root.$defs
      resolved = defs !== undefined && Object.hasOwn(defs, name) ? defs[name] : undefined
    }
    return resolved?.$ref === undefined ? resolved : undefined
  }

  /** The checks every value gets (type, const, enum), and its schema when its members are to be checked. */
  #admit(schema: JsonSchema | undefined, path: string, value: unknown): JsonSchema | undefined {
    if (schema === undefined || this.#full) return undefined
    const resolved = this.#resolve(schema)
    if (resolved === undefined) return undefined
    if (resolved.type !== undefined) {
      const types = typeof resolved.type === 'string' ? [resolved.type] : resolved.type
      if (!types.some((type) => typeMatches(type, value))) {
        this.lines.push(`${path} must be ${types.join(' or ')}, got ${quote(value)}`)
        return undefined
      }
    }
    if (resolved.const !== undefined && value !== resolved.const) {
      this.lines.push(`${path} must be ${quote(resolved.const)}, got ${quote(value)}`)
      return undefined
    }
    if (resolved.enum !== undefined && !resolved.enum.includes(value)) {
      this.lines.push(`${path} must be one of ${resolved.enum.map(String).join(', ')}, got ${quote(value)}`)
      return undefined
    }
    return resolved
  }

  #openContainer(object: boolean): void {
    const [declared, path] = this.#next()
    const schema = this.#admit(declared, path, object ? AN_OBJECT : AN_ARRAY)
    const required = object ? schema?.required : undefined
    this.#open.push({
      object,
      schema,
      path,
      linesAt: this.lines.length,
      count: 0,
      seen: required !== undefined && required.length > 0 ? new Set() : undefined,
      member: undefined,
      memberPath: '',
    })
  }

  /** Lines that belong before those of the container's members, then the first MAX_DRIFT_LINES kept. */
  #insert(at: number, lines: readonly string[]): void {
    if (lines.length === 0 || at >= MAX_DRIFT_LINES) return
    this.lines.splice(at, 0, ...lines)
    if (this.lines.length > MAX_DRIFT_LINES) this.lines.length = MAX_DRIFT_LINES
  }

  openObject(): void {
    this.#openContainer(true)
  }

  openArray(): void {
    this.#openContainer(false)
  }

  key(name: string): void {
    const frame = this.#open.at(-1)!
    // Only required names are kept: a wide object must not cost a set of all its names.
    if (frame.seen !== undefined && frame.schema!.required!.includes(name)) frame.seen.add(name)
    frame.member = undefined
    const schema = frame.schema
    if (schema === undefined || this.#full) return
    const properties = schema.properties
    const declared = properties !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined
    if (declared !== undefined) frame.member = declared
    else if (schema.additionalProperties === false)
      this.lines.push(`${memberPath(frame.path, name)} is not in the contract`)
    else if (typeof schema.additionalProperties === 'object') frame.member = schema.additionalProperties
    if (frame.member !== undefined) frame.memberPath = memberPath(frame.path, name)
  }

  closeObject(): void {
    const frame = this.#open.pop()!
    const { seen, schema } = frame
    if (seen === undefined || schema?.required === undefined) return
    const missing = schema.required.filter((name) => !seen.has(name))
    this.#insert(
      frame.linesAt,
      missing.map((name) => `${memberPath(frame.path, name)} is required by the contract but missing`),
    )
  }

  closeArray(): void {
    const frame = this.#open.pop()!
    const minItems = frame.schema?.minItems
    if (minItems !== undefined && frame.count < minItems)
      this.#insert(frame.linesAt, [`${frame.path} must hold at least ${minItems} items, got ${frame.count}`])
  }

  primitive(value: JsonPrimitive): void {
    const [declared, path] = this.#next()
    const schema = this.#admit(declared, path, value)
    if (schema === undefined) return
    if (typeof value === 'string' && schema.pattern !== undefined) {
      const patterns = this.#context.patterns
      let pattern = patterns.get(schema.pattern)
      if (pattern === undefined) patterns.set(schema.pattern, (pattern = new RegExp(schema.pattern, 'u')))
      if (!pattern.test(value)) {
        const format = schema.format === undefined ? '' : ` (${schema.format})`
        this.lines.push(`${path} breaks its format${format} ${schema.pattern}, got ${quote(value)}`)
      }
    }
    if (typeof value === 'number') {
      if (schema.minimum !== undefined && value < schema.minimum)
        this.lines.push(`${path} must be at least ${schema.minimum}, got ${value}`)
      if (schema.maximum !== undefined && value > schema.maximum)
        this.lines.push(`${path} must be at most ${schema.maximum}, got ${value}`)
    }
  }
}
