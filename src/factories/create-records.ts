/**
 * One factory call: what `simulator.create.<table>()`, `POST /__sim/factories/{table}` and each entry
 * of a scenario's `world.create` run. Every record is built and checked before any is stored, so a
 * refused call stores nothing and leaves the random sequence where it was.
 */
import type * as z from 'zod/mini'
import { DebtTokenState, FactoryCount } from '../contract/control-factory-schemas.ts'
import { issueText } from '../contract/issue-text.ts'
import { insufficientStorage, type Model } from '../model/model.ts'
import { type RecordOf, type TableName, tables } from '../model/records.ts'
import { tableNames } from '../model/world.ts'
import { loadWorldGenerator } from '../model/world-generator.ts'
import type { WorldState } from '../model/world-state.ts'
import { FactoryError, type FactoryIssue } from './factory-error.ts'
import { createDebtToken, createSignatureContract, type LoanLinks } from './loans.ts'
import { overrideSchemas } from './overrides.ts'
import { createInvestorPayment, createManagerPayment, type PaymentLinks } from './payments.ts'
import { RecordBatch } from './record-batch.ts'
import { createSecurityToken } from './security-tokens.ts'
import { createUser } from './users.ts'
import { WorkSlices } from './work-slices.ts'

// What a scenario world's `create` builds with (scenario-worlds.ts), reached through factory-loader.ts.
export { RecordBatch } from './record-batch.ts'
export { worldWithRecords } from './world-with-records.ts'

/** What to create: `count` records of `table` (default 1), with `overrides` laid over each, debt tokens in `state`. */
export interface FactoryRequest {
  readonly table: TableName
  readonly count?: number | undefined
  readonly overrides?: unknown
  readonly state?: DebtTokenState | undefined
}

/** What a call created: the records asked for, and every other record it made for their links. */
export interface CreatedRecords<N extends TableName = TableName> {
  readonly records: RecordOf<N>[]
  readonly linked: { [T in TableName]?: RecordOf<T>[] }
}

/** A field path as request validation writes it: `overrides.series[0].vault`. */
function fieldOf(root: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (field, part) => (typeof part === 'number' ? `${field}[${part}]` : `${field}.${String(part)}`),
    root,
  )
}

function parsed<S extends z.ZodMiniType>(schema: S, value: unknown, field: string): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const reported = schema.safeParse(value, { reportInput: true })
  throw new FactoryError(
    (reported.error ?? result.error).issues.map(
      (issue): FactoryIssue => ({ field: fieldOf(field, issue.path), problem: issueText(issue, schema) }),
    ),
  )
}

/** A parsed value without the members given as undefined (`{ email: undefined }` sets nothing). */
function defined<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .map(([name, member]) => [name, defined(member)]),
  ) as T
}

/** The request's count, state and overrides, parsed; every mistake among them in one error. */
function parsedRequest(request: FactoryRequest) {
  const issues: FactoryIssue[] = []
  const part = <T>(parse: () => T): T | undefined => {
    try {
      return parse()
    } catch (error) {
      if (!(error instanceof FactoryError)) throw error
      issues.push(...error.issues)
      return undefined
    }
  }
  const count = part(() => (request.count === undefined ? 1 : parsed(FactoryCount, request.count, 'count')))
  const state = part(() => (request.state === undefined ? undefined : parsed(DebtTokenState, request.state, 'state')))
  if (request.state !== undefined && request.table !== 'debtTokens')
    issues.push({
      field: 'state',
      problem: `must be left out: only debtTokens are created in a state, got "${request.state}"`,
    })
  const overrides = part(() =>
    request.overrides === undefined ? {} : parsed(overrideSchemas[request.table], request.overrides, 'overrides'),
  )
  if (issues.length > 0) throw new FactoryError(issues)
  return { count: count!, state, overrides: defined(overrides) as Record<string, unknown> }
}

/**
 * Builds and checks the records a request asks for into `batch` (not stored), yielding after each so
 * callers can let the event loop turn between slices. Returns the records asked for.
 */
export function* planning(batch: RecordBatch, request: FactoryRequest): Generator<void, object[]> {
  const { count, state, overrides } = parsedRequest(request)
  const unique = uniqueField(request.table)
  if (count > 1 && overrides[unique] !== undefined)
    throw FactoryError.of(`overrides.${unique}`, `must be left out when count is ${count}: it names one record`)
  const create = factoryOf(request.table, state ?? 'active')
  const records: object[] = []
  for (let i = 0; i < count; i++) {
    try {
      records.push(create(batch, overrides as never))
    } catch (error) {
      // The calendar's arithmetic refuses a date past its ends: the clock is too close to one.
      if (error instanceof RangeError)
        throw FactoryError.of(
          '',
          `${request.table} cannot be created at the clock's now (${batch.now.toISOString()}): ${error.message}; move the clock (PUT /__sim/clock)`,
        )
      throw error
    }
    checkRecords(batch)
    yield
  }
  return records
}

/** The field that names one record of a table, which a call creating several cannot set. */
function uniqueField(table: TableName): string {
  return {
    signatureContracts: 'signatureContractAddress',
    users: 'id',
    debtTokens: 'address',
    securityTokens: 'contractAddress',
    managerPayments: 'id',
    investorPayments: 'id',
  }[table]
}

type TableFactory = (batch: RecordBatch, overrides: never) => object

/** The table's factory, with the links the records of one call share. */
function factoryOf(table: TableName, state: DebtTokenState): TableFactory {
  const loans: LoanLinks = {}
  const payments: PaymentLinks = {}
  const factories: { [N in TableName]: TableFactory } = {
    users: (batch, overrides) => createUser(batch, overrides),
    securityTokens: (batch, overrides) => createSecurityToken(batch, overrides),
    debtTokens: (batch, overrides) => createDebtToken(batch, overrides, state, loans),
    signatureContracts: (batch, overrides) => createSignatureContract(batch, overrides, loans),
    managerPayments: (batch, overrides) => createManagerPayment(batch, overrides, payments),
    investorPayments: (batch, overrides) => createInvestorPayment(batch, overrides, payments),
  }
  return factories[table]
}

/** A last guard (a date past the calendar's ends…): the batch's new records pass their record schema. */
function checkRecords(batch: RecordBatch): void {
  for (const name of tableNames) {
    for (const record of batch.unchecked(name)) {
      const result = tables[name].schema.safeParse(record, { reportInput: true })
      if (!result.success) {
        const issue = result.error.issues[0]!
        throw FactoryError.of(
          '',
          `${name} cannot be created at the clock's now (${batch.now.toISOString()}): ${fieldOf(name, issue.path)} ${issueText(issue)}; move the clock (PUT /__sim/clock) or give that field`,
        )
      }
    }
  }
}

/** Gives the batch's payments their ids, one past the last each kind has, as the API assigns them. */
export function assignIds(batch: RecordBatch, model: Pick<Model, 'nextId'>): void {
  for (const kind of ['managerPayments', 'investorPayments'] as const) {
    for (const payment of batch.created[kind]) payment.id = model.nextId(kind)
  }
}

function createdRecords<N extends TableName>(
  batch: RecordBatch,
  asked: readonly object[],
  stored: ReadonlyMap<object, object>,
): CreatedRecords<N> {
  const askedSet = new Set(asked)
  const linked: Record<string, object[]> = {}
  for (const name of tableNames) {
    const others = (batch.created[name] as object[]).filter((record) => !askedSet.has(record))
    if (others.length > 0) linked[name] = others.map((record) => stored.get(record) ?? record)
  }
  return { records: asked.map((record) => stored.get(record) ?? record) as RecordOf<N>[], linked }
}

/**
 * Creates records in a live world, as writes counted against its capacity. A large call runs in
 * slices (work-slices.ts) while other writes wait (`exclusive`) and reads see linked records first.
 * Storing cannot fail on a key (each was drawn new), so a call stores all of its records or none.
 */
export async function createRecords<N extends TableName>(
  state: () => WorldState,
  now: () => Date,
  request: FactoryRequest & { table: N },
): Promise<CreatedRecords<N>> {
  await loadWorldGenerator() // the people a call links are drawn with the generator
  const { model, random } = state()
  return model.exclusive(async () => {
    const batch = new RecordBatch({ model, random, now: now() })
    const restore = random.checkpoint()
    const slices = new WorkSlices()
    let asked: object[]
    try {
      const steps = planning(batch, request)
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) {
          asked = step.value
          break
        }
        await slices.pause()
      }
      if (model.capacityUsed() + batch.weight() > model.maxRecords)
        throw insufficientStorage('createRecords', request.table, model.maxRecords)
    } catch (error) {
      restore() // a refused call draws nothing
      throw error
    }
    assignIds(batch, model)
    const stored = new Map<object, object>()
    for (const name of INSERT_ORDER) {
      const insert = model[name].insert.bind(model[name]) as (record: object) => Promise<object>
      for (const record of batch.created[name]) {
        stored.set(record, await insert(record))
        await slices.pause()
      }
    }
    return createdRecords<N>(batch, asked, stored)
  })
}

/** Linked records before the records that link to them. */
const INSERT_ORDER: readonly TableName[] = [
  'users',
  'securityTokens',
  'signatureContracts',
  'debtTokens',
  'managerPayments',
  'investorPayments',
]
