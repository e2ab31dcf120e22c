/**
 * What msw shows for the simulator's handler in a production build: the built package (dist/,
 * made by the global setup) bundled and minified with msw, as an app's bundler does, then msw's
 * own log of a handled request (what a browser worker prints) and the handler as a list shows it.
 * The minifier renames our functions ("xD"); msw must still show the simulator's name.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { inspect } from 'node:util'
import { build } from 'esbuild'
import type { HttpHandler } from 'msw'
import { afterEach, expect, it, vi } from 'vitest'
import { projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The handlers of `createSimulator()`, from dist/index.js bundled and minified with msw. */
async function minifiedHandlers(directory: string): Promise<{ handlers: HttpHandler[]; code: string }> {
  const entry = join(directory, 'entry.mjs')
  writeFileSync(
    entry,
    `import { createSimulator } from ${JSON.stringify(join(projectRoot, 'dist/index.js'))}\nexport const handlers = createSimulator().handlers\n`,
  )
  const outfile = join(directory, 'app.min.mjs')
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    nodePaths: [join(projectRoot, 'node_modules')],
  })
  const module = (await import(pathToFileURL(outfile).href)) as { handlers: HttpHandler[] }
  return { handlers: module.handlers, code: readFileSync(outfile, 'utf8') }
}

it("keeps the simulator's name in msw's log of a handled request and in the handler list", async () => {
  const { handlers, code } = await minifiedHandlers(temporaryDirectory('dts-handler-name-'))
  // The build did minify: the function that makes the handler has lost its name.
  expect(code).not.toContain('createHandlers')
  expect(handlers).toHaveLength(1)
  const handler = handlers[0]!

  expect(handler.info.header).toBe('debt-token-simulator: every API operation under any origin')
  expect(handler.info.callFrame).toBe('debt-token-simulator (createSimulator().handlers)')

  const logged: unknown[][] = []
  vi.spyOn(console, 'groupCollapsed').mockImplementation(() => {})
  vi.spyOn(console, 'groupEnd').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(args)
  })
  await handler.log({
    request: new Request('https://api.example.test/securityToken'),
    response: new Response('[]', { status: 200 }),
  } as never)
  const shown = logged.find(([label]) => label === 'Handler:')
  expect(shown).toBeDefined()
  const text = inspect(shown![1], { depth: 4 })
  expect(text).toContain("header: 'debt-token-simulator: every API operation under any origin'")
  expect(text).toContain('[Function: debt-token-simulator routes]')
  expect(text).toContain('[AsyncFunction: debt-token-simulator answers]')
  expect(text).toContain("callFrame: 'debt-token-simulator (createSimulator().handlers)'")
})
