/** Each control route's method and path: the router needs only this, so declarations load on demand (decision 0017). */
import { CONTROL_GROUP, CONTROL_PREFIX } from './control-route.ts'

const CONTROL_PATHS = {
  // the simulator's own (control.ts)
  listControlRoutes: { method: 'GET', path: CONTROL_PREFIX },
  getHealth: { method: 'GET', path: `${CONTROL_PREFIX}/health` },
  resetSimulator: { method: 'POST', path: `${CONTROL_PREFIX}/reset` },
  getState: { method: 'GET', path: `${CONTROL_PREFIX}/state` },
  createRecords: { method: 'POST', path: `${CONTROL_PREFIX}/factories/{table}` },
  listJournal: { method: 'GET', path: `${CONTROL_PREFIX}/journal` },
  clearJournal: { method: 'DELETE', path: `${CONTROL_PREFIX}/journal` },
  getClock: { method: 'GET', path: `${CONTROL_PREFIX}/clock` },
  setClock: { method: 'PUT', path: `${CONTROL_PREFIX}/clock` },
  getScenario: { method: 'GET', path: `${CONTROL_PREFIX}/scenario` },
  activateScenario: { method: 'PUT', path: `${CONTROL_PREFIX}/scenario` },
  deactivateScenario: { method: 'DELETE', path: `${CONTROL_PREFIX}/scenario` },
  listSessions: { method: 'GET', path: `${CONTROL_PREFIX}/sessions` },
  endSession: { method: 'DELETE', path: `${CONTROL_PREFIX}/sessions/{id}` },
  getOpenApiDocument: { method: 'GET', path: `${CONTROL_PREFIX}/openapi.json` },
  flushRecording: { method: 'POST', path: `${CONTROL_PREFIX}/record/flush` },
  // the dashboard, recording and replay (control-dashboard.ts)
  getDashboard: { method: 'GET', path: `${CONTROL_PREFIX}/ui` },
  getDashboardScript: { method: 'GET', path: `${CONTROL_PREFIX}/ui/dashboard.js` },
  getDashboardStyles: { method: 'GET', path: `${CONTROL_PREFIX}/ui/dashboard.css` },
  streamEvents: { method: 'GET', path: `${CONTROL_PREFIX}/events` },
  listScenarioCatalog: { method: 'GET', path: `${CONTROL_PREFIX}/scenarios` },
  getScenarioFile: { method: 'GET', path: `${CONTROL_PREFIX}/scenarios/{name}` },
  buildScenarioFile: { method: 'POST', path: `${CONTROL_PREFIX}/scenario-file` },
  buildScenarioFromHar: { method: 'POST', path: `${CONTROL_PREFIX}/scenario-file/from-har` },
  getRecording: { method: 'GET', path: `${CONTROL_PREFIX}/recording` },
  startRecording: { method: 'PUT', path: `${CONTROL_PREFIX}/recording` },
  stopRecording: { method: 'DELETE', path: `${CONTROL_PREFIX}/recording` },
  getRecordedScenario: { method: 'GET', path: `${CONTROL_PREFIX}/recording/scenario` },
  replayScenario: { method: 'POST', path: `${CONTROL_PREFIX}/replay` },
  listTableRecords: { method: 'GET', path: `${CONTROL_PREFIX}/tables/{table}` },
  getTableRecord: { method: 'GET', path: `${CONTROL_PREFIX}/tables/{table}/{key}` },
  // writing scenarios (control-authoring.ts)
  getScenarioSchema: { method: 'GET', path: `${CONTROL_PREFIX}/scenario.schema.json` },
  addScenarioRule: { method: 'POST', path: `${CONTROL_PREFIX}/scenario/rules` },
  checkScenario: { method: 'POST', path: `${CONTROL_PREFIX}/scenario/check` },
  // API coverage (control-coverage.ts)
  getCoverage: { method: 'GET', path: `${CONTROL_PREFIX}/coverage` },
  resetCoverage: { method: 'POST', path: `${CONTROL_PREFIX}/coverage/reset` },
  // the journal as a HAR file (control-har.ts)
  getJournalHar: { method: 'GET', path: `${CONTROL_PREFIX}/journal.har` },
} as const

export type ControlRouteId = keyof typeof CONTROL_PATHS

/** What the router knows of a control route: its id, group, method and path. */
export interface ControlPath<Id extends ControlRouteId = ControlRouteId> {
  readonly id: Id
  readonly group: typeof CONTROL_GROUP
  readonly method: (typeof CONTROL_PATHS)[Id]['method']
  readonly path: (typeof CONTROL_PATHS)[Id]['path']
}

export function controlPath<const Id extends ControlRouteId>(id: Id): ControlPath<Id> {
  return { id, group: CONTROL_GROUP, ...CONTROL_PATHS[id] }
}

export const controlPaths: readonly ControlPath[] = (Object.keys(CONTROL_PATHS) as ControlRouteId[]).map(controlPath)
