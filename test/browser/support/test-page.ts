/**
 * Builds and serves the browser test's page: esbuild bundles test/browser/app/main.ts (and through
 * it the package's dist/browser.js, msw, zod, faker) into a temp dir, next to index.html and msw's
 * mockServiceWorker.js, served by page-server.ts. Nothing is written inside the repository.
 *
 * The browser project's global setup (chromium-server.global.ts) builds it once per run and names
 * the dir in the workers' environment (TEST_PAGE_VARIABLE): bundling costs about 0.75 s of CPU, per
 * file otherwise. Elsewhere each `startTestPage()` builds its own.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { servePage } from './page-server.ts'

/** The page built by the global setup, as JSON `{ dir, bundleBytes }`; unset without one. */
export const TEST_PAGE_VARIABLE = 'DEBT_TOKEN_SIMULATOR_TEST_PAGE'

const appDir = fileURLToPath(new URL('../app/', import.meta.url))

/** A built page: its temp dir and the bytes of its main.js. */
export interface BuiltTestPage {
  readonly dir: string
  readonly bundleBytes: number
}

export interface TestPage extends BuiltTestPage {
  /** The page's origin, http://127.0.0.1:<port>. */
  readonly origin: string
  close(): Promise<void>
}

/** Bundles the page into a fresh temp dir, which the caller removes (`removeTestPage`). */
export async function buildTestPage(): Promise<BuiltTestPage> {
  const dir = await mkdtemp(join(tmpdir(), 'debt-token-simulator-browser-'))
  try {
    const result = await build({
      entryPoints: [join(appDir, 'main.ts')],
      outfile: join(dir, 'main.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
    })
    const bundleBytes =
      Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('main.js'))?.[1].bytes ?? 0
    await copyFile(join(appDir, 'index.html'), join(dir, 'index.html'))
    await copyFile(
      createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'),
      join(dir, 'mockServiceWorker.js'),
    )
    return { dir, bundleBytes }
  } catch (error) {
    await removeTestPage({ dir })
    throw error
  }
}

export async function removeTestPage(page: Pick<BuiltTestPage, 'dir'>): Promise<void> {
  await rm(page.dir, { recursive: true, force: true })
}

/** The page the global setup built, if any. */
function sharedTestPage(): BuiltTestPage | undefined {
  const value = process.env[TEST_PAGE_VARIABLE]
  if (value === undefined || value === '') return undefined
  const page = JSON.parse(value) as Partial<BuiltTestPage>
  if (typeof page.dir !== 'string' || typeof page.bundleBytes !== 'number')
    throw new Error(`${TEST_PAGE_VARIABLE} is not { dir, bundleBytes }: ${value}`)
  return { dir: page.dir, bundleBytes: page.bundleBytes }
}

/**
 * Serves the page on a server of its own (so each caller has its own origin): the global setup's
 * build, or else one bundled for this call. `close()` stops the server, and removes the dir only if
 * this call built it.
 */
export async function startTestPage(): Promise<TestPage> {
  const shared = sharedTestPage()
  const page = shared ?? (await buildTestPage())
  try {
    const served = await servePage(page.dir)
    return {
      origin: served.origin,
      dir: page.dir,
      bundleBytes: page.bundleBytes,
      async close() {
        await served.close()
        if (shared === undefined) await removeTestPage(page)
      },
    }
  } catch (error) {
    if (shared === undefined) await removeTestPage(page)
    throw error
  }
}
