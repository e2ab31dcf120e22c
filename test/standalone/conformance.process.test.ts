/**
 * The behaviour suite over real HTTP against what `npm start` runs (scripts/start.sh): a process
 * started from the V8 startup snapshot that the global setup built, driven through /__sim.
 */
import { expect, it } from 'vitest'
import { runConformance } from '../conformance/run-conformance.ts'
import { processTarget } from '../support/target.ts'

const target = runConformance(processTarget)

it('ran against a process started from the V8 startup snapshot', () => {
  expect(target().name).toContain('from a V8 startup snapshot')
})
