/**
 * The shipped scenarios (scenarios/*.json), bundled as JSON imports so every runtime knows them
 * without a file system. A test checks that this list and the directory agree.
 */
import debtorQueryRejected from '../../scenarios/debtor-query-rejected.json' with { type: 'json' }
import emptyWorld from '../../scenarios/empty-world.json' with { type: 'json' }
import expiredCredentials from '../../scenarios/expired-credentials.json' with { type: 'json' }
import flakyBackend from '../../scenarios/flaky-backend.json' with { type: 'json' }
import investorPaymentRejected from '../../scenarios/investor-payment-rejected.json' with { type: 'json' }
import managerPaymentRejected from '../../scenarios/manager-payment-rejected.json' with { type: 'json' }
import richWorld from '../../scenarios/rich-world.json' with { type: 'json' }
import securityTokenRejected from '../../scenarios/security-token-rejected.json' with { type: 'json' }
import serviceSmoke from '../../scenarios/service-smoke.json' with { type: 'json' }
import slowBackend from '../../scenarios/slow-backend.json' with { type: 'json' }
import { type CatalogEntry, parseNamedScenarios } from './scenario-catalog.ts'
import type { Scenario } from './scenario-schema.ts'

export const shippedScenarioFiles = {
  'debtor-query-rejected': debtorQueryRejected,
  'empty-world': emptyWorld,
  'expired-credentials': expiredCredentials,
  'flaky-backend': flakyBackend,
  'investor-payment-rejected': investorPaymentRejected,
  'manager-payment-rejected': managerPaymentRejected,
  'rich-world': richWorld,
  'security-token-rejected': securityTokenRejected,
  'service-smoke': serviceSmoke,
  'slow-backend': slowBackend,
} as const satisfies Readonly<Record<string, unknown>>

/** The names of the scenarios the package ships (editors complete them; any other name is a user's own). */
export type ShippedScenarioName = keyof typeof shippedScenarioFiles

let parsed: Readonly<Record<string, Scenario>> | undefined

/** The shipped scenarios by name, each validated when first looked up (start-up parses none). */
export function shippedScenarioEntries(): Record<string, CatalogEntry> {
  return Object.fromEntries(Object.keys(shippedScenarioFiles).map((name) => [name, () => shippedScenarios()[name]!]))
}

export function shippedScenarios(): Readonly<Record<string, Scenario>> {
  parsed ??= Object.freeze(parseNamedScenarios(shippedScenarioFiles, (name) => `scenarios/${name}.json`))
  return parsed
}
