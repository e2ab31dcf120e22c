/**
 * The control API where `/__sim` is served: the core's handlers and the wings' (decision 0029), loaded
 * on the first control request (decision 0027); its type makes an unhandled route an error.
 */
import { createControlApi } from '../control/control-api.ts'
import type { ControlDispatch } from '../control/control-handler.ts'
import { coverageHandlers } from '../coverage/control-handlers.ts'
import type { DashboardAssets } from '../dashboard/dashboard-assets.ts'
import { dashboardHandlers } from '../dashboard/dashboard-handlers.ts'
import { type RecordReplayServices, recordReplayHandlers } from '../record-replay/control-handlers.ts'
import { harHandlers } from '../record-replay/har-export-handler.ts'

export interface ControlServices extends Omit<RecordReplayServices, 'dispatch'> {
  readonly dashboard?: DashboardAssets | undefined
}

export function serveControlRoutes({ dashboard, ...recordings }: ControlServices = {}): ControlDispatch {
  const dispatch: ControlDispatch = createControlApi({
    ...recordReplayHandlers({ ...recordings, dispatch: (context) => dispatch(context) }),
    ...dashboardHandlers(dashboard),
    ...coverageHandlers(),
    ...harHandlers(),
  })
  return dispatch
}
