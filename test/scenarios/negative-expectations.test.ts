/**
 * Negative expectations of replay steps: `{"$not": expectation}` (the value does not match it) and
 * `{"$absent": true}` (the member is not there), their readable differences, their checks at load,
 * and the shipped "the refused payment is not listed" step, which fails when the payment is listed.
 */
import { describe, expect, it } from 'vitest'
import { replaySteps, type Send } from '../../src/record-replay/replay.ts'
import { replayInProcess } from '../../src/runtimes/cli/replay.ts'
import { parseScenario, ScenarioError } from '../../src/scenarios/scenario-schema.ts'
import { shippedScenarios } from '../../src/scenarios/shipped-scenarios.ts'

const PAYMENTS = [
  { id: 1, amount: 900, status: 'PAID', hash: '0xaa' },
  { id: 2, amount: 450, status: 'PENDING' },
]

/** A scenario of one GET step per expected body. */
function expecting(...bodies: unknown[]) {
  return {
    description: 'negative expectations',
    rules: [],
    steps: bodies.map((body) => ({ request: { method: 'GET', path: '/a' }, expect: { status: 200, body } })),
  }
}

/** The differences of each expected body against one answer (every step gets the same). */
async function problems(answer: unknown, ...bodies: unknown[]): Promise<string[][]> {
  const send: Send = async () => ({
    kind: 'response',
    status: 200,
    headers: {},
    body: answer === undefined ? '' : JSON.stringify(answer),
  })
  const results = await replaySteps(parseScenario(expecting(...bodies), 'test').steps!, send)
  return results.map((result) => result.problems as string[])
}

function loadProblems(...bodies: unknown[]): string[] {
  try {
    parseScenario(expecting(...bodies), 'FILE')
  } catch (error) {
    if (error instanceof ScenarioError) return error.message.split('\n')
    throw error
  }
  return []
}

describe('$not', () => {
  it('passes what does not match, and names the item that does in a listed array', async () => {
    expect(
      await problems(
        { payments: PAYMENTS, status: 'success' },
        { payments: { $not: { $contains: { amount: 901 } } }, status: { $not: 'failure' } },
        { payments: { $not: { $contains: { amount: 450 } } } },
        { payments: { $not: { $contains: { status: 'PENDING' } } }, status: { $not: 'success' } },
      ),
    ).toEqual([
      [],
      [
        'body.payments: expected an array with no item matching {"amount":450}, got 2 items, 1 matching: body.payments[1] {"amount":450,"id":2,"status":"PENDING"}',
      ],
      [
        'body.payments: expected an array with no item matching {"status":"PENDING"}, got 2 items, 1 matching: body.payments[1] {"status":"PENDING","id":2,"amount":450}',
        'body.status: expected anything but "success", got string "success"',
      ],
    ])
  })

  it('negates $type, $length, $minLength, objects and itself', async () => {
    expect(
      await problems(
        PAYMENTS,
        [{ $not: { $type: 'string' } }, { amount: { $not: { $type: 'integer' } } }],
        { $not: { $length: 2 } },
        { $not: { $minLength: 1 } },
        [{ $not: { status: 'PAID' } }, { $not: { $not: { status: 'PAID' } } }],
        { $not: { $length: 3 } },
      ),
    ).toEqual([
      ['body[1].amount: expected a value not of type integer, got number 450'],
      ['body: expected an array of other than 2, got 2 items'],
      ['body: expected an array of fewer than 1, got 2 items'],
      [
        'body[0]: expected anything not matching {"status":"PAID"}, got an object {"id":1,"amount":900,"status":"PAID","hash":"0xaa"}',
        'body[1].status: expected "PAID", got "PENDING"',
      ],
      [],
    ])
  })

  it('passes a missing member, except where it negates an array condition, which still wants an array', async () => {
    expect(
      await problems(
        { statusCode: '400', message: 'refused' },
        { status: { $not: 'PAID' }, error: { $not: { $type: 'string' } } },
        { payments: { $not: { $contains: { amount: 901 } } } },
        { $not: { $contains: { amount: 901 } } },
        { payments: { $not: { $minLength: 1 } } },
      ),
    ).toEqual([
      [],
      ['body.payments: expected an array with no item matching {"amount":901}, got nothing (no such member)'],
      [
        'body: expected an array with no item matching {"amount":901}, got an object {"statusCode":"400","message":"refused"}',
      ],
      ['body.payments: expected an array of fewer than 1, got nothing (no such member)'],
    ])
  })
})

describe('$absent', () => {
  it('passes a member that is not there and fails one that is, at any depth and inside $contains', async () => {
    expect(
      await problems(
        { payments: PAYMENTS, status: 'success' },
        { error: { $absent: true }, payments: { $contains: { hash: { $absent: true } } } },
        { status: { $absent: true }, payments: [{ hash: { $absent: true } }, {}] },
        { payments: { $contains: { id: 1, hash: { $absent: true } } } },
        { error: { $not: { $absent: true } }, status: { $not: { $absent: true } } },
      ),
    ).toEqual([
      [],
      [
        'body.status: expected nothing, got string "success"',
        'body.payments[0].hash: expected nothing, got string "0xaa"',
      ],
      [
        'body.payments: expected an array with an item matching {"id":1,"hash":{"$absent":true}}, got 2 items, none matching (nearest: body.payments[0].hash: expected nothing, got string "0xaa")',
      ],
      ['body.error: expected the member, of any value, got nothing (no such member)'],
    ])
  })

  it('as the whole body: the answer has none', async () => {
    expect(await problems(undefined, { $absent: true })).toEqual([[]])
    expect(await problems({ id: 1 }, { $absent: true })).toEqual([['body: expected nothing, got an object {"id":1}']])
  })
})

describe('at load', () => {
  it('takes $not of any expectation and $absent in place of a member or the body', () => {
    expect(
      loadProblems(
        { $not: { $contains: { id: { $not: { $type: 'integer' } }, hash: { $absent: true } } } },
        { $absent: true },
        { a: { $not: { $not: { $absent: true } } } },
      ),
    ).toEqual([])
  })

  it('refuses a bad operand, $absent where nothing can be absent, and an operator beside members', () => {
    expect(
      loadProblems(
        { error: { $absent: false } },
        [{ $absent: true }],
        { items: { $contains: { $not: { $absent: true } } } },
        { items: { $not: { $type: 'str' } } },
        { items: { $not: 1, other: 2 } },
      ),
    ).toEqual([
      'FILE: steps[0].expect.body.error.$absent: must be true (the member is not there), got false; for "the member is there", write {"$not": {"$absent": true}}',
      'FILE: steps[1].expect.body[0].$absent: stands for a member of an object (or the whole body): an array item or what $contains looks for is never absent',
      'FILE: steps[2].expect.body.items.$contains.$not.$absent: stands for a member of an object (or the whole body): an array item or what $contains looks for is never absent',
      'FILE: steps[3].expect.body.items.$not.$type: must be one of "string", "number", "integer", "boolean", "object", "array", "null", got "str"',
      'FILE: steps[4].expect.body.items: an operator stands alone in its object: "$not" cannot be given with "other"',
    ])
  })
})

describe('the shipped "refused payment is not listed" step', () => {
  const shipped = shippedScenarios()['investor-payment-rejected']!
  const notListed = (results: Awaited<ReturnType<typeof replayInProcess>>) =>
    results.find((result) => result.name === 'the refused payment is not listed')!

  it('passes where the rule refuses the 2nd payment', async () => {
    expect(notListed(await replayInProcess(shipped, 'investor-payment-rejected'))).toMatchObject({
      passed: true,
      problems: [],
    })
  })

  it('fails, naming the listed payment, where nothing refuses it', async () => {
    const step = notListed(await replayInProcess({ ...shipped, rules: [] }, 'no-rules'))
    expect(step.passed).toBe(false)
    expect(step.problems).toEqual([
      expect.stringMatching(
        /^body: expected an array with no item matching \{"amount":901\}, got 3 items, 1 matching: body\[1\] \{"amount":901,"investorAddress":"0x1{40}","id":\d+,.*…/,
      ),
    ])
  })
})
