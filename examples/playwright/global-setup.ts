/**
 * Runs once before every test of the run: serves the app (app/) on 127.0.0.1 and starts one
 * standalone simulator for the shared-server project. The workers inherit the environment this
 * sets: `SIM_URL` (read by debt-token-simulator/playwright in shared-server mode), `APP_URL` and
 * `RENDEZVOUS_DIR` (read by the tests). The function it returns runs after the last test.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startStandaloneServer } from 'debt-token-simulator/standalone'

const appDir = fileURLToPath(new URL('./app/', import.meta.url))
const files: Record<string, { name: string; type: string }> = {
  '/': { name: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { name: 'app.js', type: 'text/javascript; charset=utf-8' },
}

async function serveApp(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname]
    if (file === undefined) {
      response.writeHead(404).end()
      return
    }
    readFile(join(appDir, file.name)).then(
      (content) => response.writeHead(200, { 'content-type': file.type }).end(content),
      () => response.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Port 0: a free port, so that parallel runs on one machine do not collide.
  const simulator = await startStandaloneServer({ port: 0 })
  const app = await serveApp()
  const rendezvous = await mkdtemp(join(tmpdir(), 'dts-playwright-example-'))
  process.env.SIM_URL = simulator.url
  process.env.APP_URL = app.url
  process.env.RENDEZVOUS_DIR = rendezvous
  return async () => {
    await Promise.all([simulator.close(), app.close()])
    await rm(rendezvous, { recursive: true, force: true })
  }
}
