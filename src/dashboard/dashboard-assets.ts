/** The dashboard's built files: a module apart, so both handler modules import it, not each other. */

/** The dashboard's built files, by name. */
export interface DashboardAssets {
  /** The file's text, or undefined when it was not built. */
  read(name: DashboardFile): string | undefined
}

/** The built script and styles, and the scenario files' JSON Schema the package ships (scenarios/). */
export type DashboardFile = 'dashboard.js' | 'dashboard.css' | 'scenario.schema.json'
