/**
 * Bundles the behaviour suite (test/conformance) for a project that installed the packed package,
 * so the same cases run there under any test runner (.ci/consumer.sh):
 *
 *   node scripts/bundle-conformance.mjs <dir> [--chromium]
 *
 * writes `<dir>/conformance.mjs` and `<dir>/conformance.cjs` (test/conformance/package-suite.ts:
 * `conformance(runner)` over the package in-process) and, with --chromium,
 * `<dir>/conformance-chromium.mjs` (chromium-suite.ts) and `<dir>/chromium-page/`: the browser
 * test's page (test/browser/app) bundled from the project's own installed packages, beside msw's
 * worker script. `vitest` is aliased to runner-shim.ts; `debt-token-simulator`, `msw` and
 * playwright-core stay imports, so they resolve to what the project installed. Run with the
 * repository's node_modules (its esbuild).
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const repo = fileURLToPath(new URL('..', import.meta.url))
const [dirArgument, ...flags] = process.argv.slice(2)
if (dirArgument === undefined || flags.some((flag) => flag !== '--chromium')) {
  console.error('usage: node scripts/bundle-conformance.mjs <dir> [--chromium]')
  process.exit(2)
}
const dir = resolve(dirArgument)

/** What the suite bundles leave to the project: the package under test, msw, Playwright's driver. */
const external = ['debt-token-simulator', 'debt-token-simulator/*', 'msw', 'msw/*', 'playwright-core']
const suite = {
  absWorkingDir: repo,
  bundle: true,
  platform: 'node',
  target: 'node22',
  alias: { vitest: './test/conformance/runner-shim.ts' },
  external,
  logLevel: 'warning',
}
await build({
  ...suite,
  entryPoints: ['test/conformance/package-suite.ts'],
  format: 'esm',
  outfile: join(dir, 'conformance.mjs'),
})
await build({
  ...suite,
  entryPoints: ['test/conformance/package-suite.ts'],
  format: 'cjs',
  outfile: join(dir, 'conformance.cjs'),
})

if (flags.includes('--chromium')) {
  await build({
    ...suite,
    entryPoints: ['test/conformance/chromium-suite.ts'],
    format: 'esm',
    outfile: join(dir, 'conformance-chromium.mjs'),
  })
  // The page's sources go into the project first, so its imports resolve from the project's
  // node_modules (from the repository they would find the repository's own build).
  const source = mkdtempSync(join(dir, 'chromium-page-src-'))
  try {
    cpSync(join(repo, 'test/browser/app'), source, { recursive: true })
    const page = join(dir, 'chromium-page')
    mkdirSync(page, { recursive: true })
    await build({
      absWorkingDir: source,
      entryPoints: [join(source, 'main.ts')],
      outfile: join(page, 'main.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      tsconfigRaw: {},
      logLevel: 'warning',
    })
    copyFileSync(join(source, 'index.html'), join(page, 'index.html'))
    copyFileSync(
      createRequire(join(dir, 'package.json')).resolve('msw/mockServiceWorker.js'),
      join(page, 'mockServiceWorker.js'),
    )
  } finally {
    rmSync(source, { recursive: true, force: true })
  }
}
