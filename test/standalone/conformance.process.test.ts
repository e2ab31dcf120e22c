/**
 * The behaviour suite over real HTTP against the package's command (dist/cli.js, built by the
 * global setup: what the installed bin and `npm start` run), driven through /__sim.
 */
import { expect, it } from 'vitest'
import { runConformance } from '../conformance/run-conformance.ts'
import { processTarget } from '../support/target.ts'

const target = runConformance(processTarget)

it('ran against the built command', () => {
  expect(target().name).toBe('process')
  expect(target().baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
})
