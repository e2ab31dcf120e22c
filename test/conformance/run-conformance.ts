/**
 * The behaviour suite: every case module, run against one target. The in-process, standalone and
 * browser test files call this with their own target, so each runtime proves the same behaviour.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Target } from '../support/wire-target.ts'
import { authCases } from './auth.case.ts'
import { debtTokenCases } from './debt-tokens.case.ts'
import { factoryCases } from './factories.case.ts'
import { investorPaymentCases } from './investor-payments.case.ts'
import { managerPaymentCases } from './manager-payments.case.ts'
import { openApiCases } from './openapi.case.ts'
import { scenarioCases } from './scenarios.case.ts'
import { securityTokenCases } from './security-tokens.case.ts'
import { signatureContractCases } from './signature-contracts.case.ts'
import { stateCases } from './state.case.ts'
import { userCases } from './users.case.ts'

export type TargetRef = () => Target

export function runConformance(start: () => Promise<Target>): TargetRef {
  let target: Target | undefined
  beforeAll(async () => {
    target = await start()
  })
  afterAll(async () => {
    await target?.close()
  })
  beforeEach(() => target?.reset())
  const ref: TargetRef = () => {
    if (target === undefined) throw new Error('target not started')
    return target
  }
  authCases(ref)
  signatureContractCases(ref)
  userCases(ref)
  managerPaymentCases(ref)
  investorPaymentCases(ref)
  debtTokenCases(ref)
  securityTokenCases(ref)
  stateCases(ref)
  scenarioCases(ref)
  factoryCases(ref)
  openApiCases(ref) // last: it checks the replies of all the cases above
  return ref
}
