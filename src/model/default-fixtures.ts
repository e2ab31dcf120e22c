/**
 * The committed fixtures, bundled as JSON imports so every runtime loads them without a file system.
 * They are taken as they are, not validated again: a unit test checks that parsing them changes nothing.
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

/** The default fixtures as a world, unparsed: its records are shared, never written to. */
export const defaultWorld = {
  debtTokens,
  investorPayments,
  managerPayments,
  platform,
  securityTokens,
  signatureContracts,
  users,
} as unknown as World
