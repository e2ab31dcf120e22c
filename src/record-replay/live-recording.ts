/**
 * The in-memory recording the control API starts and stops (`PUT`/`DELETE /__sim/recording`), to turn
 * a session into a QA case without restarting with `--record <file>`; its file is the recorder's.
 */

import type { ScenarioInput } from '../scenarios/scenario-schema.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { createSessionRecorder, type RecordedExchange, type SessionRecorder } from './record.ts'

interface RecordingStatus {
  readonly active: boolean
  readonly steps: number
  readonly startedAt: string | null
  readonly stoppedAt: string | null
}

export interface LiveRecording {
  /** Whether exchanges are taken now (the server reads request bodies only then). */
  readonly active: boolean
  record(exchange: RecordedExchange): void
  /** Starts afresh: a recording already held is dropped. */
  start(description?: string): RecordingStatus
  stop(): RecordingStatus
  status(): RecordingStatus
  /** The recording as a scenario file, or undefined when none was ever started. */
  scenario(): ScenarioInput | undefined
}

/** What the recording notes (its file's `notes`) about the state it started from. */
function startNotes(simulator: SimulatorCore): string[] {
  const notes: string[] = []
  if (simulator.clock.mode === 'system')
    notes.push('recorded with a system clock: timestamps in the expectations will differ on replay')
  if (simulator.model.writtenCount() > 0)
    notes.push('the world had changed before the recording started: replay starts from the seeded one')
  return notes
}

export function createLiveRecording(simulator: SimulatorCore): LiveRecording {
  let recorder: SessionRecorder | undefined
  let startedAt: string | null = null
  let stoppedAt: string | null = null
  const status = (): RecordingStatus => ({
    active: recorder !== undefined && stoppedAt === null,
    steps: recorder?.size ?? 0,
    startedAt,
    stoppedAt,
  })
  return {
    get active() {
      return recorder !== undefined && stoppedAt === null
    },
    record(exchange) {
      if (recorder !== undefined && stoppedAt === null) recorder.add(exchange)
    },
    start(description) {
      startedAt = new Date().toISOString()
      stoppedAt = null
      // As it stands: an inline scenario (the dashboard's draft) and rules added to it included.
      const active = simulator.scenarios.activeDefinition() ?? undefined
      recorder = createSessionRecorder({
        description: description ?? `Recorded from the dashboard, started ${startedAt}.`,
        notes: startNotes(simulator),
        seed: simulator.seed,
        ...(simulator.clock.mode === 'fixed' && { now: simulator.clock.now().toISOString() }),
        ...(active !== undefined && { rules: active.rules }),
        ...(active?.world !== undefined && { world: active.world }),
      })
      return status()
    },
    stop() {
      if (recorder !== undefined && stoppedAt === null) stoppedAt = new Date().toISOString()
      return status()
    },
    status,
    scenario: () => recorder?.toScenario(),
  }
}
