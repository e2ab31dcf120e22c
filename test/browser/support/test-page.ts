/**
 * Builds and serves the browser test's page: esbuild bundles test/browser/app/main.ts (and through
 * it the package's dist/browser.js, msw, zod, faker) into a fresh temp
 * dir, next to index.html and msw's mockServiceWorker.js, served by page-server.ts. Nothing is
 * written inside the repository.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { servePage } from './page-server.ts'

const appDir = fileURLToPath(new URL('../app/', import.meta.url))

export interface TestPage {
  /** The page's origin, http://127.0.0.1:<port>. */
  readonly origin: string
  /** The temp dir the page was built into. */
  readonly dir: string
  /** Bytes of the bundled main.js. */
  readonly bundleBytes: number
  close(): Promise<void>
}

/** Bundles the page into a temp dir and serves it; `close()` stops the server and removes the dir. */
export async function startTestPage(): Promise<TestPage> {
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

    const served = await servePage(dir)
    return {
      origin: served.origin,
      dir,
      bundleBytes,
      async close() {
        await served.close()
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
