/** Facts about the default fixtures that the cases build on, read from the fixture files themselves. */
import debtTokens from '../../fixtures/debt-tokens.json' with { type: 'json' }
import investorPayments from '../../fixtures/investor-payments.json' with { type: 'json' }
import managerPayments from '../../fixtures/manager-payments.json' with { type: 'json' }
import securityTokens from '../../fixtures/security-tokens.json' with { type: 'json' }
import signatureContracts from '../../fixtures/signature-contracts.json' with { type: 'json' }
import users from '../../fixtures/users.json' with { type: 'json' }

export const fixtures = { debtTokens, investorPayments, managerPayments, securityTokens, signatureContracts, users }

/** A well-formed address that no fixture uses. */
export const UNKNOWN_ADDRESS = '0x000000000000000000000000000000000000dead'
export const HASH_A = `0x${'ab'.repeat(32)}`
export const NEW_WALLET_A = '0x1111111111111111111111111111111111111111'
export const NEW_WALLET_B = '0x2222222222222222222222222222222222222222'

/** Asserts the documented error shape and returns its message. */
export function expectErrorShape(reply: { status: number; json: any }, status: number): string {
  if (reply.json === undefined || typeof reply.json !== 'object')
    throw new Error(`expected a JSON error body, got ${JSON.stringify(reply.json)}`)
  const keys = Object.keys(reply.json).sort()
  if (keys.join(',') !== 'error,message,statusCode') throw new Error(`error body keys: ${keys.join(',')}`)
  if (reply.status !== status || reply.json.statusCode !== String(status)) {
    throw new Error(`expected ${status}, got ${reply.status} ${JSON.stringify(reply.json)}`)
  }
  if (typeof reply.json.error !== 'string' || typeof reply.json.message !== 'string' || reply.json.message === '') {
    throw new Error(`error and message must be non-empty strings: ${JSON.stringify(reply.json)}`)
  }
  return reply.json.message
}
