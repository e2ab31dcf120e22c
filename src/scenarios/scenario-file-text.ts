/**
 * The text of a scenario file as the simulator writes one: JSON indented by two spaces and ended by
 * a newline. `--record` writes it, and the control routes that answer a file (the in-memory
 * recording, a file built from the journal, a scenario's file) answer it, so a file saved with
 * `curl … > file.json` reads and diffs like one the server wrote, however it was made.
 */
export function scenarioFileText(scenario: unknown): string {
  return `${JSON.stringify(scenario, null, 2)}\n`
}
