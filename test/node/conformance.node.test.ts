/** The behaviour suite in-process: real fetch, intercepted by msw's setupServer. */
import { runConformance } from '../conformance/run-conformance.ts'
import { inProcessTarget } from '../support/target.ts'

runConformance(inProcessTarget)
