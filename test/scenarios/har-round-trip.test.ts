/**
 * HAR out, then HAR in: what a simulator answered, exported as a HAR file (`journal.toHar()`, as
 * the dashboard's Download HAR and `GET /__sim/journal.har` give it), becomes through `from-har`'s
 * conversion a scenario that validates and replays green against a fresh simulator of the same
 * seed. fast-check picks the session: any mix of every operation's valid request, refused bodies,
 * calls without a credential and unknown records, with a journal that keeps long bodies whole or
 * cuts them.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseHar } from '../../src/record-replay/har-file.ts'
import { harToScenario } from '../../src/record-replay/har-to-scenario.ts'
import { formatResults } from '../../src/record-replay/replay.ts'
import { replayInProcess } from '../../src/runtimes/cli/replay.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'
import { samples } from '../support/samples.ts'
import { call } from './support.ts'

interface SessionStep {
  method: string
  path: string
  body?: unknown
  auth: boolean
}

const valid = Object.values(samples)
const step: fc.Arbitrary<SessionStep> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...valid).map((sample) => ({ ...sample, auth: true })) },
  // A refused body: every operation with a body answers 400 to an empty object.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...valid.filter((sample) => sample.body !== undefined))
      .map((sample) => ({ ...sample, body: {}, auth: true })),
  },
  { weight: 1, arbitrary: fc.constantFrom(...valid).map((sample) => ({ ...sample, auth: false })) },
  {
    weight: 1,
    arbitrary: fc.constant({ method: 'GET', path: '/users/0x00000000000000000000000000000000000000ff', auth: true }),
  },
)

describe('a HAR file the simulator exported, imported again', () => {
  it('replays green against a fresh simulator of the same seed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(undefined, 1024 * 1024),
        async (session, journalBodyLimit) => {
          const simulator = createSimulator(journalBodyLimit === undefined ? {} : { journalBodyLimit })
          for (const { method, path, body, auth } of session)
            await call(simulator, method, path, { ...(body !== undefined && { body }), auth })

          const file = JSON.stringify(await simulator.journal.toHar())
          const { scenario } = harToScenario(parseHar(file, 'exported.har'), 'exported.har')
          const parsed = parseScenario(JSON.parse(JSON.stringify(scenario)), 'exported.har')
          expect(parsed.steps).toHaveLength(session.length)
          const results = await replayInProcess(parsed, 'exported.har')
          expect(
            results.filter((result) => !result.passed),
            formatResults('exported.har', results),
          ).toEqual([])
        },
      ),
      { numRuns: 25 },
    )
  })
})
