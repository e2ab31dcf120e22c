/**
 * Serves a built test page (index.html, main.js and its map, msw's mockServiceWorker.js) from a
 * directory over node:http on 127.0.0.1, exactly those files. The repository's browser tests serve
 * the page they bundle from the sources' build (test-page.ts); .ci/consumer.sh serves the one it
 * bundles from the packed package installed in a fresh project.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

/** The files the page is made of, by URL path, with their content types. */
const files: Readonly<Record<string, { name: string; type: string }>> = {
  '/': { name: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { name: 'index.html', type: 'text/html; charset=utf-8' },
  '/main.js': { name: 'main.js', type: 'text/javascript; charset=utf-8' },
  '/main.js.map': { name: 'main.js.map', type: 'application/json' },
  '/mockServiceWorker.js': { name: 'mockServiceWorker.js', type: 'text/javascript; charset=utf-8' },
}

export interface ServedPage {
  /** The page's origin, http://127.0.0.1:<port>. */
  readonly origin: string
  close(): Promise<void>
}

export async function servePage(dir: string): Promise<ServedPage> {
  const server = createServer((request, response) => {
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
