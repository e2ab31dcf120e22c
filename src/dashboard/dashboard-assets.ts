/**
 * The dashboard's built files as the control handlers read them: a runtime that can read files
 * (the standalone server) hands them over; in-process there are none. A file of its own so that
 * the control handler and the dashboard's handlers both import it, not each other.
 */

/** The dashboard's built files, by name. */
export interface DashboardAssets {
  /** The file's text, or undefined when it was not built. */
  read(name: DashboardFile): string | undefined
}

/** The built script and styles, and the scenario files' JSON Schema the package ships (scenarios/). */
export type DashboardFile = 'dashboard.js' | 'dashboard.css' | 'scenario.schema.json'
