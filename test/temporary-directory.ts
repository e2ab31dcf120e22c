/** Temporary directories for tests that write files: each is removed when its test finishes. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'

/** A fresh directory under the system's temporary directory, removed when the current test finishes. */
export function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix))
  onTestFinished(() => rmSync(directory, { recursive: true, force: true }))
  return directory
}
