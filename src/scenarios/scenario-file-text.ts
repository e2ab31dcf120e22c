/**
 * The text of a scenario file as the simulator writes one, whether `--record` or a control route
 * makes it, so a file saved with `curl … > file.json` reads and diffs like one the server wrote.
 */
export function scenarioFileText(scenario: unknown): string {
  return `${JSON.stringify(scenario, null, 2)}\n`
}
