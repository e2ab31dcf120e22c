/**
 * The behaviour suite against the package's browser entry in Chromium, for a node:test file:
 * bundled by scripts/bundle-conformance.mjs beside the test page it built from the project's
 * installed tarball (the page's directory is `pageDir`); playwright-core stays an import.
 */
import { servePage } from '../browser/support/page-server.ts'
import { chromiumPageTarget } from '../browser/support/page-target.ts'
import { runConformance } from './run-conformance.ts'
import { type Runner, useRunner } from './runner-shim.ts'

export function conformance(runner: Runner, pageDir: string): void {
  useRunner(runner)
  runConformance(async () => chromiumPageTarget(await servePage(pageDir)))
}
