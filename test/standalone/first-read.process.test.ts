/**
 * What a standalone server loads before its first answer (decision 0024): a read answered from the
 * layered tables neither imports @msw/data nor loads Node's undici (which rettime's `class extends
 * MessageEvent`, inside @msw/data, and an ES import of node:http both pull in). The first write
 * then imports @msw/data and is stored, however many arrive at once. Each case runs in a fresh
 * process (the module state under test is per process), with node:http as its client: `fetch`
 * would load undici itself. The built command is checked too: its bundle takes node:fs, node:http
 * and node:util without an ES import (scripts/build-apps.mjs).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startCli } from '../support/cli-process.ts'

const root = join(import.meta.dirname, '../..')

/** A script run with tsx: starts a server from the sources, reads, then writes `writes` payments at once. */
const script = (writes: number) => `
import { startStandaloneServer } from './src/runtimes/standalone/index.ts'
import { loadedCollectionClass } from './src/model/write-layer.ts'

// Not an ES import of node:http: that alone loads undici.
const { request } = process.getBuiltinModule('node:http')
const headers = { authorization: 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'content-type': 'application/json' }
function send(method, path, body) {
  return new Promise((resolve, reject) => {
    const req = request(server.url + path, { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}
const undiciLoaded = () => process.moduleLoadList.some((name) => name.includes('undici'))

const server = await startStandaloneServer({ port: 0, host: '127.0.0.1' })
const tokens = await send('GET', '/securityToken')
const afterRead = { undici: undiciLoaded(), collection: loadedCollectionClass() !== undefined }
const token = tokens.body[0]
const written = await Promise.all(
  Array.from({ length: ${writes} }, (_, i) =>
    send('POST', '/manager', {
      managerAddress: token.managerAddress,
      tokenAddress: token.contractAddress,
      amount: 1000 + i,
      status: 'PAID',
      serie: 'SENIOR',
      type: 'JUROS',
    }),
  ),
)
const listed = await send('GET', '/manager/' + token.managerAddress + '/' + token.contractAddress)
const amounts = new Set(listed.body.map((payment) => Number(payment.amount)))
await server.close()
console.log(JSON.stringify({
  readStatus: tokens.status,
  afterRead,
  writeStatuses: [...new Set(written.map((answer) => answer.status))],
  collection: loadedCollectionClass() !== undefined,
  listedWrites: Array.from({ length: ${writes} }, (_, i) => 1000 + i).filter((amount) => amounts.has(amount)).length,
}))
`

function run(writes: number) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(writes)], {
    cwd: root,
    encoding: 'utf8',
  })
  expect(child.stderr).toBe('')
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!)
}

describe('a standalone server before and after its first write', () => {
  it.each([1, 8])('answers a read without @msw/data or undici, then stores %i first writes at once', (writes) => {
    expect(run(writes)).toEqual({
      readStatus: 200,
      afterRead: { undici: false, collection: false },
      writeStatuses: [200],
      collection: true,
      listedWrites: writes,
    })
  })
})

/** Written to stderr by the command's process as it exits: whether undici was ever loaded in it. */
const REPORT_UNDICI_AT_EXIT = `data:text/javascript,process.on('exit', () => process.stderr.write('undici loaded: ' + process.moduleLoadList.some((name) => name.includes('undici')) + ';'))`

describe('the built command', () => {
  it('starts, answers a read and exits without ever loading undici', async () => {
    const server = await startCli(['--quiet'], {
      env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import "${REPORT_UNDICI_AT_EXIT}"` },
    })
    const response = await fetch(`${server.url}/securityToken`, {
      headers: { authorization: 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' },
    })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(await server.stop()).toBe(0)
    expect(server.output()).toContain('undici loaded: false;')
  })
})
