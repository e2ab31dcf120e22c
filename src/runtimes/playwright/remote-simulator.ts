/**
 * A simulator on a shared server seen through one session (shared-server mode): every call goes to the
 * control API with the session's `X-Sim-Session`, so it never touches another test's session.
 */
import type * as z from 'zod/mini'
import { SimFactoryRecords } from '../../contract/control-factory-schemas.ts'
import { SimJournal } from '../../contract/control-journal-schemas.ts'
import { SimClock, SimScenarioView, SimState } from '../../contract/control-schemas.ts'
import { issueText } from '../../contract/issue-text.ts'
import type { CreatedRecords, FactoryRequest } from '../../factories/create-records.ts'
import { createFactories, createManyFactories, type Factories, type ManyFactories } from '../../factories/factories.ts'
import { type RecordOf, type TableName, tables } from '../../model/records.ts'
import type { JournalEntry, JournalFilter } from '../../observability/journal.ts'
import type { ScenarioRuleInput } from '../../scenarios/rule-schema.ts'
import type { ScenarioInput } from '../../scenarios/scenario-schema.ts'
import type { ShippedScenarioName } from '../../scenarios/shipped-scenarios.ts'
import { SESSION_HEADER } from '../../sessions/session-header.ts'
import type { ScenarioStatus, StateOptions, StateView } from '../../simulator-core.ts'

/** A session's scenario on a shared server: `use`, `addRule` and `status` of the in-process `scenarios`, awaited. */
export interface RemoteScenarios {
  /** Activates a scenario for this session: a name, or a scenario object (known as `name`); null deactivates. */
  use(nameOrScenario: ShippedScenarioName | (string & {}) | ScenarioInput | null, name?: string): Promise<void>
  /**
   * Adds a rule after this session's active scenario's rules, its counters and data kept (with none
   * active: a scenario "added-rules" of this rule), as `simulator.scenarios.addRule` in-process.
   */
  addRule(rule: ScenarioRuleInput): Promise<void>
  /** This session's active scenario with its rule counters, or null. */
  status(): Promise<ScenarioStatus | null>
}

export interface RemoteSimulator {
  /** The server's URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string
  /** The `X-Sim-Session` this client and the test's page use. */
  readonly session: string
  /** This session's scenario, as the in-process simulator's `scenarios` (decision 0022), each call a request. */
  readonly scenarios: RemoteScenarios
  /** The server's clock, which every session shares: read only. */
  readonly clock: { now(): Promise<Date> }
  /** The server's journal, this session's requests only (oldest first). */
  readonly journal: { list(filter?: Omit<JournalFilter, 'session'>): Promise<JournalEntry[]> }
  /** This session's model: counts and stored records. */
  state(options?: Omit<StateOptions, 'session'>): Promise<StateView>
  /**
   * Factories in this session's world, as in-process (docs/factories.md): `create.debtTokens(overrides?,
   * { state })` resolves with the stored record (`POST /__sim/factories/{table}`).
   */
  readonly create: Factories
  /** `createMany.users(3, overrides?)` resolves with three, as in-process (the same function as `create.users.many`). */
  readonly createMany: ManyFactories
  /** One factory call, resolving with the records asked for and, under `linked`, those made for their links. */
  createRecords<N extends TableName>(request: FactoryRequest & { table: N }): Promise<CreatedRecords<N>>
  /** Back to the seeded world, without a scenario: this session only. */
  reset(): Promise<void>
  /** Ends the session on the server: its writes and scenario are dropped (done after each test). */
  end(): Promise<void>
}

interface Call {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  readonly path: string
  readonly body?: unknown
  /** Statuses besides 2xx that are fine (404 for a session already gone). */
  readonly accept?: readonly number[]
}

/** The message of an error answer (`{statusCode, error, message}`), else its text, shortened. */
function errorText(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown }
    if (typeof body.message === 'string') return body.message
  } catch {
    // not JSON: shown as it is
  }
  return text.slice(0, 200)
}

/** `[0].parcels[2].amount`: where in a list of records a problem is. */
function fieldPath(index: number, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (field, part) => (typeof part === 'number' ? `${field}[${part}]` : `${field}.${String(part)}`),
    `[${index}]`,
  )
}

/**
 * The records of a factory's answer as the table's records: checked against the table's record
 * schema, so what the types promise is what the test gets (an older or other server is caught here).
 */
function recordsOf<N extends TableName>(table: N, records: readonly unknown[], where: string): RecordOf<N>[] {
  return records.map((record, i) => {
    const parsed = tables[table].schema.safeParse(record, { reportInput: true })
    if (parsed.success) return parsed.data as RecordOf<N>
    const issue = parsed.error.issues[0]!
    throw new Error(
      `${where} answered a record that is not one of ${table}: ${fieldPath(i, issue.path)} ${issueText(issue)}`,
    )
  })
}

/** Whether a fetch failed because the connection closed under it (not refused, not timed out). */
function closedUnderway(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET' || cause?.message === 'other side closed'
}

export function createRemoteSimulator(options: { url: string; session: string }): RemoteSimulator {
  const url = options.url.replace(/\/+$/, '')
  const { session } = options

  async function call<T>(schema: z.ZodMiniType<T> | null, { method, path, body, accept = [] }: Call): Promise<T> {
    const send = () =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          [SESSION_HEADER]: session,
          // The control API takes JSON writes only (a page could not send them as simple requests).
          ...((method === 'POST' || method === 'PUT') && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
    let response: Response
    try {
      response = await send().catch((error: unknown) => {
        // A kept-alive connection the server closed as it idled fails the request sent on it before
        // the server reads it; an idempotent one is sent again once, on a new connection, as browsers do.
        if (method === 'POST' || !closedUnderway(error)) throw error
        return send()
      })
    } catch (error) {
      const cause = (error as { cause?: Error }).cause?.message ?? (error as Error).message
      throw new Error(`cannot reach the simulator at ${url} (${method} ${path}): ${cause}`)
    }
    const text = await response.text()
    if (!response.ok && !accept.includes(response.status)) {
      const hint = response.status === 404 ? ' (is this a debt-token-simulator?)' : ''
      throw new Error(`${method} ${url}${path} answered ${response.status}${hint}: ${errorText(text)}`)
    }
    if (schema === null || !response.ok) return undefined as T
    const parsed = schema.safeParse(JSON.parse(text))
    if (!parsed.success) throw new Error(`${method} ${url}${path} answered an unexpected body: ${text.slice(0, 200)}`)
    return parsed.data
  }

  async function createRecords<N extends TableName>(
    request: FactoryRequest & { table: N },
  ): Promise<CreatedRecords<N>> {
    const { table, overrides, count, state } = request
    const path = `/__sim/factories/${encodeURIComponent(table)}`
    const answer = await call(SimFactoryRecords, { method: 'POST', path, body: { overrides, count, state } })
    const where = `POST ${url}${path}`
    const linked: { [T in TableName]?: RecordOf<T>[] } = {}
    for (const [name, records] of Object.entries(answer.linked) as [TableName, unknown[]][])
      (linked as Record<TableName, unknown[]>)[name] = recordsOf(name, records, where)
    return { records: recordsOf(table, answer.records, where), linked }
  }

  const create = createFactories(createRecords)
  return {
    url,
    session,
    create,
    createMany: createManyFactories(create),
    createRecords,
    scenarios: {
      async use(nameOrScenario, name) {
        if (nameOrScenario === null) await call(null, { method: 'DELETE', path: '/__sim/scenario' })
        else if (typeof nameOrScenario === 'string')
          await call(null, { method: 'PUT', path: '/__sim/scenario', body: { name: nameOrScenario } })
        else
          await call(null, {
            method: 'PUT',
            path: '/__sim/scenario',
            body: { scenario: nameOrScenario, ...(name !== undefined && { name }) },
          })
      },
      async addRule(rule) {
        await call(null, { method: 'POST', path: '/__sim/scenario/rules', body: rule })
      },
      async status() {
        return (await call(SimScenarioView, { method: 'GET', path: '/__sim/scenario' })).status
      },
    },
    clock: {
      async now() {
        return new Date((await call(SimClock, { method: 'GET', path: '/__sim/clock' })).now)
      },
    },
    journal: {
      async list(filter = {}) {
        const query = new URLSearchParams({ session })
        if (filter.operation !== undefined) query.set('operation', filter.operation)
        if (filter.status !== undefined) query.set('status', String(filter.status))
        if (filter.limit !== undefined) query.set('limit', String(filter.limit))
        if (filter.before !== undefined) query.set('before', String(filter.before))
        return (await call(SimJournal, { method: 'GET', path: `/__sim/journal?${query}` })).entries
      },
    },
    async state(stateOptions = {}) {
      const query = new URLSearchParams()
      if (stateOptions.table !== undefined) query.set('table', stateOptions.table)
      if (stateOptions.limit !== undefined) query.set('limit', String(stateOptions.limit))
      if (stateOptions.offset !== undefined) query.set('offset', String(stateOptions.offset))
      return call(SimState, { method: 'GET', path: `/__sim/state${query.size > 0 ? `?${query}` : ''}` })
    },
    async reset() {
      await call(null, { method: 'POST', path: '/__sim/reset' })
    },
    async end() {
      await call(null, { method: 'DELETE', path: `/__sim/sessions/${encodeURIComponent(session)}`, accept: [404] })
    },
  }
}
