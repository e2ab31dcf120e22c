/**
 * The committed fixtures, bundled as JSON imports so the default world loads the same way in
 * Node, under vitest and in a browser bundle (no file system needed). They are the records as
 * parseWorld() would return them: `npm run fixtures` writes them from the generator, and a unit
 * test (fixtures.test.ts) checks that parsing them changes nothing, so a simulator on the default
 * world takes them as they are instead of validating them again in every process.
 */
import debtTokens from '../../fixtures/debt-tokens.json' with { type: 'json' }
import investorPayments from '../../fixtures/investor-payments.json' with { type: 'json' }
import managerPayments from '../../fixtures/manager-payments.json' with { type: 'json' }
import platform from '../../fixtures/platform.json' with { type: 'json' }
import securityTokens from '../../fixtures/security-tokens.json' with { type: 'json' }
import signatureContracts from '../../fixtures/signature-contracts.json' with { type: 'json' }
import users from '../../fixtures/users.json' with { type: 'json' }
import { fixtureFiles, type World } from './world.ts'

export const defaultFixtures: Readonly<Record<string, unknown>> = {
  [fixtureFiles.debtTokens]: debtTokens,
  [fixtureFiles.investorPayments]: investorPayments,
  [fixtureFiles.managerPayments]: managerPayments,
  [fixtureFiles.platform]: platform,
  [fixtureFiles.securityTokens]: securityTokens,
  [fixtureFiles.signatureContracts]: signatureContracts,
  [fixtureFiles.users]: users,
}

/** The default fixtures as a world, unparsed (see above): its records are shared, never written to. */
export const defaultWorld = {
  debtTokens,
  investorPayments,
  managerPayments,
  platform,
  securityTokens,
  signatureContracts,
  users,
} as unknown as World
