/** The wings, named once (decision 0029): what every runtime's simulator is composed of beside the core. */
import { type CoverageWingOptions, coverageWing } from '../coverage/wing.ts'
import { recordReplayWing } from '../record-replay/wing.ts'
import type { SimulatorOptions } from '../simulator-core.ts'

export const WINGS = [recordReplayWing, coverageWing] as const

/** What the wings read of the options they are composed with, besides the core's. */
export type WingsOptions = SimulatorOptions & CoverageWingOptions

export type { CoverageNotRecorded } from '../coverage/wing.ts'
export type { JournalHarOptions } from '../record-replay/wing.ts'
