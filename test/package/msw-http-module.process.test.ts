/**
 * The built Node entry (dist/, made by the global setup) makes its msw handler with msw's `http`
 * from msw's own `http` module (runtimes/msw/node-msw-http.required.ts), not from msw's main
 * entry, which under msw 2 loads GraphQL: a fresh process that imports the entry and answers
 * through `setupServer` loads neither, and its handler is the very class msw's main entry exports
 * (one msw in the process). Each case runs in a fresh Node process, with a module hook that records
 * what loads; under msw 3 (a CI leg) the same cases take `msw/http`.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { projectRoot } from '../support/cli-process.ts'

const entry = pathToFileURL(join(projectRoot, 'dist', 'node.js')).href

/** Runs `body` in a fresh process after installing module hooks; `loaded` lists every URL loaded so far. */
function run(body: string, { refuseSubpaths = false } = {}): Record<string, unknown> {
  const script = `
    import { registerHooks } from 'node:module'
    const loaded = []
    const refuse = ${JSON.stringify(refuseSubpaths)}
    registerHooks({
      resolve(specifier, context, next) {
        // An msw that exports neither of its http modules (older than the package's peer range).
        if (refuse && (specifier === 'msw/http' || specifier === 'msw/core/http'))
          throw Object.assign(new Error('Package subpath is not defined by "exports"'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' })
        return next(specifier, context)
      },
      load(url, context, next) {
        loaded.push(url)
        return next(url, context)
      },
    })
    const out = {}
    ${body}
    console.log(JSON.stringify(out))
  `
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', stdio: 'pipe' }),
  )
}

it("answers through setupServer without loading msw's main entry or GraphQL, with the handler class msw exports", () => {
  const out = run(`
    const { setupSimulatorServer, strictListenOptions } = await import(${JSON.stringify(entry)})
    const { simulator, server } = setupSimulatorServer({ baseUrl: 'https://api.example.test' })
    server.listen(strictListenOptions)
    const headers = { authorization: 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' }
    const answer = await fetch('https://api.example.test/securityToken', { headers })
    out.status = answer.status
    out.statusText = answer.statusText
    out.tokens = (await answer.json()).length
    const refused = await fetch('https://api.example.test/securityToken')
    out.refused = [refused.status, refused.statusText]
    simulator.scenarios.use({ description: 'offline', rules: [{ operation: 'listSecurityTokens', networkError: true }] })
    out.networkError = await fetch('https://api.example.test/securityToken', { headers }).then(() => 'answered', (error) => error.name)
    server.close()
    out.graphql = loaded.filter((url) => url.includes('/node_modules/graphql/')).length
    out.mswMain = loaded.filter((url) => /\\/node_modules\\/msw\\/lib\\/core\\/index\\.m?js$/.test(url))
    const msw = await import('msw')
    out.sameClass = simulator.handlers[0] instanceof msw.HttpHandler
  `)
  expect(out).toMatchObject({
    status: 200,
    statusText: 'OK',
    refused: [401, 'Unauthorized'],
    networkError: 'TypeError',
  })
  expect(out.tokens).toBeGreaterThan(0)
  expect(out.graphql).toBe(0)
  expect(out.mswMain).toEqual([])
  expect(out.sameClass).toBe(true)
})

it('says which msw it needs when neither msw/http nor msw/core/http is found', () => {
  const out = run(
    `
    out.error = await import(${JSON.stringify(entry)}).then(() => 'imported', (error) => error.message)
  `,
    { refuseSubpaths: true },
  )
  expect(out.error).toMatch(
    /needs msw \^2\.15 or \^3 installed beside it: neither msw\/http nor msw\/core\/http was found/,
  )
})
