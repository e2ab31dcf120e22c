/** The wings, named once (decision 0029): what every runtime's simulator is composed of beside the core. */
import { coverageWing } from '../coverage/wing.ts'
import { recordReplayWing } from '../record-replay/wing.ts'

export const WINGS = [recordReplayWing, coverageWing] as const

export type { CoverageNotRecorded } from '../coverage/wing.ts'
export type { JournalHarOptions } from '../record-replay/wing.ts'
