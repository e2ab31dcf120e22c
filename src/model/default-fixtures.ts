/**
 * The committed fixtures, bundled as JSON imports so the default world loads the same way in
 * Node, under vitest and in a browser bundle (no file system needed).
 */
import debtTokens from '../../fixtures/debt-tokens.json' with { type: 'json' }
import investorPayments from '../../fixtures/investor-payments.json' with { type: 'json' }
import managerPayments from '../../fixtures/manager-payments.json' with { type: 'json' }
import platform from '../../fixtures/platform.json' with { type: 'json' }
import securityTokens from '../../fixtures/security-tokens.json' with { type: 'json' }
import signatureContracts from '../../fixtures/signature-contracts.json' with { type: 'json' }
import users from '../../fixtures/users.json' with { type: 'json' }
import { fixtureFiles } from './world.ts'

export const defaultFixtures: Readonly<Record<string, unknown>> = {
  [fixtureFiles.debtTokens]: debtTokens,
  [fixtureFiles.investorPayments]: investorPayments,
  [fixtureFiles.managerPayments]: managerPayments,
  [fixtureFiles.platform]: platform,
  [fixtureFiles.securityTokens]: securityTokens,
  [fixtureFiles.signatureContracts]: signatureContracts,
  [fixtureFiles.users]: users,
}
