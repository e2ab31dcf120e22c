/**
 * The rule form's fields as the rule a scenario file holds (src/dashboard/page/rule-fields.ts): empty
 * fields are left out, numbers stay numbers, two delays make a range, and a match that is not JSON
 * is the only mistake caught in the page (the server validates the rest, with a file's messages).
 */
import { describe, expect, it } from 'vitest'
import { EMPTY_RULE_FIELDS, ruleFromFields } from '../../src/dashboard/page/rule-fields.ts'
import { ScenarioRule } from '../../src/scenarios/rule-schema.ts'

describe('ruleFromFields', () => {
  it('writes "createManagerPayment answers 503 from the 2nd call on" as a file would, empty fields left out', () => {
    const rule = ruleFromFields({
      ...EMPTY_RULE_FIELDS,
      operation: 'createManagerPayment',
      fromCall: '2',
      status: '503',
      message: 'Payments are down',
    })
    expect(rule).toEqual({
      operation: 'createManagerPayment',
      fromCall: 2,
      respond: { status: 503, message: 'Payments are down' },
    })
    expect(ScenarioRule.safeParse(rule).success).toBe(true)
  })

  it('takes every field: match parts as JSON, a delay range, a network error', () => {
    const rule = ruleFromFields({
      ...EMPTY_RULE_FIELDS,
      operation: 'getUser',
      description: ' slow lookups ',
      matchParams: '{"id": "u-1"}',
      matchQuery: '{"x": 1}',
      matchBody: '{"a": {"b": true}}',
      every: '3',
      times: '1',
      delayMs: '',
      delayMaxMs: '500',
      networkError: true,
    })
    expect(rule).toEqual({
      operation: 'getUser',
      description: 'slow lookups',
      match: { params: { id: 'u-1' }, query: { x: 1 }, body: { a: { b: true } } },
      every: 3,
      times: 1,
      delayMs: { min: 0, max: 500 },
      networkError: true,
    })
  })

  it('leaves what is not a number as text, and an answer without a status without one, for the server to name', () => {
    const rule = ruleFromFields({ ...EMPTY_RULE_FIELDS, times: 'twice', message: 'down' })
    expect(rule).toEqual({ operation: '*', times: 'twice', respond: { status: undefined, message: 'down' } })
    const refused = ScenarioRule.safeParse(JSON.parse(JSON.stringify(rule)))
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['respond.status', 'times'])
  })

  it('refuses a match that is not JSON, naming the field', () => {
    expect(() => ruleFromFields({ ...EMPTY_RULE_FIELDS, matchBody: '{amount: 1}' })).toThrow(
      'Match body must be JSON, e.g. {"amount": "1500"}',
    )
  })
})
