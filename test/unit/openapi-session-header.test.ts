/**
 * The document's X-Sim-Session header is the simulator's rule, not a looser one: its pattern takes
 * exactly the ids the session registry takes (1-64 of A-Z a-z 0-9 . _ ~ -, not `.` or `..`),
 * written without a look-ahead so that every generator (fast-check's, Schemathesis') can read it,
 * and the empty header, which the server refuses with a 400, is outside it too.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SESSION_ID_PATTERN } from '../../src/sessions/session-registry.ts'
import { documented } from '../support/openapi-document.ts'
import { propertyRuns } from '../support/property-runs.ts'

const header = documented('resetSimulator').parameters!.find((parameter) => parameter.name === 'X-Sim-Session')!
const documentedPattern = new RegExp(header.schema.pattern)

describe('the documented X-Sim-Session header', () => {
  it('takes and refuses the ids the simulator takes and refuses, the edges included', () => {
    for (const id of ['', '.', '..', '...', '._', '_.', 'a', 'qa-1', 'x'.repeat(64), 'x'.repeat(65), 'a b', 'é'])
      expect(documentedPattern.test(id), JSON.stringify(id)).toBe(SESSION_ID_PATTERN.test(id))
    expect(header.schema).toMatchObject({ minLength: 1, maxLength: 64 })
  })

  it('agrees with the simulator on generated ids', () => {
    const ids = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._~ -]{0,66}$/), fc.stringMatching(/^\.{0,3}[a-z]?$/))
    fc.assert(
      fc.property(ids, (id) => documentedPattern.test(id) === SESSION_ID_PATTERN.test(id)),
      { seed: 20261126, numRuns: propertyRuns(500) },
    )
  })
})
