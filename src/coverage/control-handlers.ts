/** The control routes of API coverage (`GET /__sim/coverage`, `POST /__sim/coverage/reset`); 409 when not recorded. */
import type { ControlHandlerTable } from '../control/control-handler.ts'
import { ApiError } from '../http/api-error.ts'
import { sessionOf } from '../sessions/session-header.ts'
import type { SimulatorCore } from '../simulator-core.ts'
import { type CoverageRecorder, coverageRecorderOf } from './coverage-recorder.ts'

function recorderOf(simulator: SimulatorCore): CoverageRecorder {
  const recorder = coverageRecorderOf(simulator)
  if (recorder === undefined) throw new ApiError(409, 'this simulator does not record coverage')
  return recorder
}

export function coverageHandlers(): ControlHandlerTable<'getCoverage' | 'resetCoverage'> {
  return {
    getCoverage: async (_, { simulator, request }) => recorderOf(simulator).report(sessionOf(request) ?? undefined),
    resetCoverage: (_, { simulator }) => {
      recorderOf(simulator).clear()
      return { cleared: true }
    },
  }
}
