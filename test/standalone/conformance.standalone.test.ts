/** The behaviour suite over real HTTP on 127.0.0.1 against the standalone server. */
import { runConformance } from '../conformance/run-conformance.ts'
import { standaloneTarget } from '../support/target.ts'

runConformance(standaloneTarget)
