/**
 * Builds and serves the browser test's page: esbuild bundles test/browser/app/main.ts (and through
 * it the package's dist/browser.js, msw, zod, faker) into a fresh temp
 * dir, next to index.html and msw's mockServiceWorker.js; a node:http server on 127.0.0.1 serves
 * exactly those files. Nothing is written inside the repository.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const appDir = fileURLToPath(new URL('../app/', import.meta.url))

/** The files the page is made of, by URL path, with their content types. */
const files: Readonly<Record<string, { name: string; type: string }>> = {
  '/': { name: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { name: 'index.html', type: 'text/html; charset=utf-8' },
  '/main.js': { name: 'main.js', type: 'text/javascript; charset=utf-8' },
  '/main.js.map': { name: 'main.js.map', type: 'application/json' },
  '/mockServiceWorker.js': { name: 'mockServiceWorker.js', type: 'text/javascript; charset=utf-8' },
}

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
  let server: ReturnType<typeof createServer> | undefined
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

    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname
      const file = request.method === 'GET' ? files[path] : undefined
      if (file === undefined) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        response.end(`test page server: no ${request.method} ${path}\n`)
        return
      }
      readFile(join(dir, file.name)).then(
        (content) => {
          response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' })
          response.end(content)
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          response.end(String(error))
        },
      )
    })
    const listening = server
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject)
      listening.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = listening.address() as AddressInfo
    return {
      origin: `http://127.0.0.1:${port}`,
      dir,
      bundleBytes,
      async close() {
        listening.closeAllConnections()
        await new Promise<void>((resolve) => listening.close(() => resolve()))
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    server?.close()
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
