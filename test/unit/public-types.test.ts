/**
 * The public types are precise: what a user gets wrong fails to compile. `npm run typecheck` checks
 * this file, so each `@ts-expect-error` below is itself a test (an unused one is a type error).
 */
import { expect, it } from 'vitest'
import type { ScenarioInput, ScenarioRule } from '../../src/index.ts'
import { parseScenario } from '../../src/index.ts'

it('types a scenario rule operation as an operation id or "*"', () => {
  const rule: ScenarioInput = {
    description: 'typed',
    rules: [
      { operation: 'createManagerPayment', respond: { status: 400, message: 'refused' } },
      { operation: '*', respond: { status: 503, message: 'down' } },
    ],
  }
  const typo: ScenarioInput = {
    description: 'typo',
    // @ts-expect-error: not an operation id
    rules: [{ operation: 'createManagerPaymnt', respond: { status: 400, message: 'refused' } }],
  }
  const operation: ScenarioRule['operation'] = parseScenario(rule, 'typed').rules![0]!.operation
  expect(operation).toBe('createManagerPayment')
  expect(() => parseScenario(typo, 'typo')).toThrow(/must be "\*" or an operation id/)
})
