/** A world: the records a simulator starts from, validated, then frozen into snapshots every model shares. */
import * as z from 'zod/mini'
import { Address } from '../contract/formats.ts'
import { issueText } from '../contract/issue-text.ts'
import { strict } from '../contract/schema-forms.ts'
import { knownFields, nearestName } from '../contract/unknown-key.ts'
import { type RecordOf, type TableName, tables } from './records.ts'
import { seededRowsOf, TableSnapshot } from './table-snapshot.ts'

export const PlatformSettings = strict(
  z.object({
    /** The platform administrator: adminAddress of every security token created at runtime. */
    adminAddress: Address,
  }),
)
export type PlatformSettings = z.infer<typeof PlatformSettings>

type WorldRecords = { [N in TableName]: RecordOf<N>[] }

export interface World extends WorldRecords {
  platform: PlatformSettings
}

export type WorldSnapshot = {
  readonly tables: { readonly [N in TableName]: TableSnapshot<RecordOf<N>> }
  readonly platform: PlatformSettings
  /** The first ids the service assigns to new payments (one past the highest seeded id). */
  readonly firstIds: { readonly managerPayments: number; readonly investorPayments: number }
  /** What a scenario's `world.create` records weigh: seeded in its world, they still count against its capacity. */
  readonly createdWeight?: number
}

export const tableNames = Object.keys(tables) as TableName[]

/** The fixture file of each table, relative to a fixture directory. */
export const fixtureFiles: { readonly [N in TableName]: string } & { platform: string } = {
  signatureContracts: 'signature-contracts.json',
  users: 'users.json',
  debtTokens: 'debt-tokens.json',
  securityTokens: 'security-tokens.json',
  managerPayments: 'manager-payments.json',
  investorPayments: 'investor-payments.json',
  platform: 'platform.json',
}

export const DEFAULT_PLATFORM: PlatformSettings = { adminAddress: '0x9f1c0aa3b0e8d6c2f4a5b7e9d1c3f5a7b9e1d3c5' }

/** A mistake in a fixture file: names the file and the path of the bad field. */
export class FixtureError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    detail: string,
  ) {
    super(`${file}: ${path === '' ? '' : `${path}: `}${detail}`)
    this.name = 'FixtureError'
  }
}

/** Renders a JSON path the way people read it: `[3].parcels[0].amount`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('')
}

/** A zod issue as a FixtureError; an unknown key is reported at its own path, with the field it was likely meant to be. */
function issueError(file: string, issue: z.core.$ZodIssue, schema: z.core.$ZodType): FixtureError {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!
    const suggestion = nearestName(key, knownFields(schema, issue.path))
    return new FixtureError(
      file,
      formatPath([...issue.path, key]),
      suggestion === undefined
        ? `unknown field (allowed fields are the schema's; check the spelling)`
        : `unknown field; did you mean "${suggestion}"?`,
    )
  }
  return new FixtureError(file, formatPath(issue.path), issueText(issue))
}

/**
 * Validates raw fixture contents (file name → parsed JSON; a missing file is an empty table) and
 * checks the references between them.
 * @param source how files are named in errors, e.g. `fixtures/`.
 */
export function parseWorld(files: Readonly<Record<string, unknown>>, source = 'fixtures/'): World {
  const world = { platform: DEFAULT_PLATFORM } as World
  for (const name of tableNames) {
    const file = fixtureFiles[name]
    const raw = files[file] ?? []
    // Without zod's JIT: each file is parsed once, so compiling a fast path costs more than it saves.
    const schema = z.array(tables[name].schema as z.ZodMiniType)
    const result = schema.safeParse(raw, { jitless: true })
    if (!result.success)
      throw issueError(
        `${source}${file}`,
        (schema.safeParse(raw, { reportInput: true }).error ?? result.error).issues[0]!,
        schema,
      )
    ;(world as unknown as Record<string, unknown>)[name] = result.data
  }
  if (files[fixtureFiles.platform] !== undefined) {
    const result = PlatformSettings.safeParse(files[fixtureFiles.platform], { reportInput: true })
    if (!result.success)
      throw issueError(`${source}${fixtureFiles.platform}`, result.error.issues[0]!, PlatformSettings)
    world.platform = result.data
  }
  checkReferences(world, source)
  return world
}

function checkReferences(world: World, source: string): void {
  const lower = (value: string) => value.toLowerCase()
  for (const name of tableNames) {
    const seen = new Map<string, number>()
    const keyOf = tables[name].key as (record: object) => string
    ;(world[name] as object[]).forEach((record, i) => {
      const key = keyOf(record)
      const first = seen.get(key)
      if (first !== undefined) {
        throw new FixtureError(`${source}${fixtureFiles[name]}`, `[${i}]`, `duplicate key ${key} (also at [${first}])`)
      }
      seen.set(key, i)
    })
  }
  const securityTokens = new Set(world.securityTokens.map((token) => lower(token.contractAddress)))
  world.debtTokens.forEach((token, i) => {
    if (token.securityTokenAddress !== null && !securityTokens.has(lower(token.securityTokenAddress))) {
      throw new FixtureError(
        `${source}${fixtureFiles.debtTokens}`,
        `[${i}].securityTokenAddress`,
        `no security token ${token.securityTokenAddress} in ${fixtureFiles.securityTokens}`,
      )
    }
  })
  for (const name of ['managerPayments', 'investorPayments'] as const) {
    world[name].forEach((payment, i) => {
      if (!securityTokens.has(lower(payment.tokenAddress))) {
        throw new FixtureError(
          `${source}${fixtureFiles[name]}`,
          `[${i}].tokenAddress`,
          `no security token ${payment.tokenAddress} in ${fixtureFiles.securityTokens}`,
        )
      }
    })
  }
}

/** Freezes a validated world into the shared snapshots its models read from. */
export function snapshotWorld(world: World): WorldSnapshot {
  const nextId = (records: readonly { id: number }[]) =>
    records.reduce((max, record) => Math.max(max, record.id), 0) + 1
  return {
    tables: Object.fromEntries(
      tableNames.map((name) => [
        name,
        new TableSnapshot(tables[name] as never, seededRowsOf(world, name) ?? (world[name] as never)),
      ]),
    ) as WorldSnapshot['tables'],
    platform: Object.freeze({ ...world.platform }),
    firstIds: { managerPayments: nextId(world.managerPayments), investorPayments: nextId(world.investorPayments) },
  }
}
