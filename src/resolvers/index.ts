/** Every operation's resolver, keyed by operation id; the type makes a missing one a compile error. */

import { debtTokenResolvers } from './debt-tokens.ts'
import { investorPaymentResolvers, managerPaymentResolvers } from './payments.ts'
import type { ResolverTable } from './resolver.ts'
import { securityTokenResolvers } from './security-tokens.ts'
import { signatureContractResolvers } from './signature-contracts.ts'
import { userResolvers } from './users.ts'

export const resolvers: ResolverTable = {
  ...signatureContractResolvers,
  ...userResolvers,
  ...managerPaymentResolvers,
  ...investorPaymentResolvers,
  ...debtTokenResolvers,
  ...securityTokenResolvers,
}
