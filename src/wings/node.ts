/**
 * The wings' Node half (decision 0029): the parts only Node may load (a persistence directory,
 * coverage files), after the platform-neutral ones. Only the Node entries import it.
 */
import { coverageFilesWing } from '../coverage/files-wing.ts'
import { persistenceWing } from '../persistence/node/wing.ts'
import { WINGS } from './index.ts'

/** Persistence last: every other wing checks its options before the directory is opened. */
export const NODE_WINGS = [...WINGS, coverageFilesWing, persistenceWing] as const

export { coverageDirectory, writeCoveragePartsSoon } from '../coverage/coverage-parts.ts'
export { countTestCoverage, leaveSessionCoverage } from '../coverage/test-coverage.ts'
