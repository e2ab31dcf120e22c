/**
 * What importing the built Node entry (dist/, made by the global setup) does, which every test file
 * of a user's suite pays: it builds the schemas of the API's requests, not those of the control
 * API, the dashboard, scenario files, factories or the answers (documentation only), which are
 * declared in `z.lazy()` and built on first use. Counted by the named schemas in zod's global
 * registry (shared by every copy of zod in a process), of a fresh Node process.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from '../support/cli-process.ts'

/** Runs `body` in a fresh Node process after importing dist/node.js; answers what it prints, parsed. */
function afterImport(body: string): { atImport: string[]; after: string[]; documented: number } {
  const script = `
    const entry = await import(${JSON.stringify(join(projectRoot, 'dist/node.js'))})
    const ids = () => [...globalThis.__zod_globalRegistry._idmap.keys()]
    const atImport = ids()
    ${body}
    const after = ids()
    const { buildOpenApiDocument } = await import(${JSON.stringify(join(projectRoot, 'dist/index.js'))})
    const documented = Object.keys(buildOpenApiDocument().components.schemas).length
    console.log(JSON.stringify({ atImport, after, documented }))
  `
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }))
}

it('builds few named schemas at import, and a read and a write build only theirs', () => {
  const { atImport, after, documented } = afterImport(`
    const { server } = entry.setupSimulatorServer({ baseUrl: 'http://api.test' })
    server.listen()
    const headers = { authorization: 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' }
    const [token] = await (await fetch('http://api.test/securityToken', { headers })).json()
    const body = JSON.stringify({ managerAddress: token.managerAddress, tokenAddress: token.contractAddress, amount: 1, status: 'PAID', serie: 'SENIOR', type: 'JUROS' })
    const written = await fetch('http://api.test/manager', { method: 'POST', headers, body })
    if (written.status !== 200) throw new Error('the write answered ' + written.status)
    server.close()
  `)
  // The document names more than fifty schemas; the import builds a fifth of them at most.
  expect(documented).toBeGreaterThan(50)
  expect(atImport.length).toBeLessThanOrEqual(documented / 5)
  // Neither the control API's answers nor a scenario's schema is built by serving the API.
  const control = after.filter(
    (id) => /^Sim/.test(id) && !['SimTableName', 'SimDebtTokenState', 'SimScenarioRule'].includes(id),
  )
  expect(control).toEqual([])
})
