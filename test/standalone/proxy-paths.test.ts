/**
 * `serve --proxy http://host/v1 --token …` never forwards outside its base path (issue 31, finding
 * 6): request targets sent as written on a raw socket (as `curl --path-as-is` sends them) with
 * `..`, `\`, their percent-encodings, double encodings and mixes reach the service only as paths
 * under /v1 whose segments stay segments, or are refused with a 400 in the documented shape. A
 * fixed list of the known tricks, then generated targets built from the same pieces.
 */
import { connect } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { listen } from '../support/real-service.ts'

const BASE_PATH = '/v1'

/** Request targets that a URL parser, or a server decoding again, would take out of the base path. */
const TRICKS = [
  '/users/..\\..\\..\\admin\\secrets',
  '/manager/../..',
  '/manager/..;/..;',
  '/users/..',
  '/users/.',
  '/users/%2e%2e',
  '/users/%2E%2E',
  '/users/.%2e',
  '/manager/%2e%2e/%2e%2e',
  '/users/..%2f..%2fadmin',
  '/users/..%2F..%2Fadmin%2Fsecrets',
  '/users/..%5c..%5cadmin',
  '/users/..%5C..%5Cadmin',
  '/users/%252e%252e%252fadmin',
  '/users/%252e%252e',
  '/users/..%255c..%255cadmin',
  '/manager/%252e%252e/%252e%252e',
  '/users/%c0%ae%c0%ae', // overlong UTF-8 dots: not valid UTF-8, so not a parameter at all
  '/users/.%2e\\admin',
  '/users/%2e.%5C..%2Fadmin',
  '/manager/..%00/x',
  '/users/..%09',
  '/users/%ed%a0%80', // an encoded lone surrogate
  'http://127.0.0.1/users/..\\..\\admin', // absolute form, as proxies send
]

let service: Awaited<ReturnType<typeof listen>>
const targets: string[] = []

beforeAll(async () => {
  service = await listen((request, response) => {
    targets.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{}')
  })
})
afterAll(async () => {
  await service?.close()
})

/** Sends `GET <target>` to `server` as written and answers the status line's code and the body. */
function rawGet(server: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server)
    const socket = connect(Number(port), '127.0.0.1', () =>
      // Written, not ended: the server ends a connection whose client ended before it answered.
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    )
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (data += chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) })
    })
  })
}

/** A segment decoded until it no longer changes (as a server that decodes more than once would). */
function decodedFully(segment: string): string {
  let value = segment
  for (let round = 0; round < 5; round++) {
    let next: string
    try {
      next = decodeURIComponent(value)
    } catch {
      return value
    }
    if (next === value) return value
    value = next
  }
  return value
}

/** Why a target the service received leaves the base path, or undefined when it stays under it. */
function leaves(target: string): string | undefined {
  const path = target.split('?', 1)[0]!
  if (!path.startsWith(`${BASE_PATH}/`)) return `does not start with ${BASE_PATH}/`
  if (new URL(path, 'http://service.test').pathname !== path) return 'is changed by URL parsing'
  for (const segment of path.slice(1).split('/')) {
    const decoded = decodedFully(segment)
    if (/^\.\.?(?:;|$)/.test(decoded)) return `has the dot segment ${segment}`
    if (/[/\\]/.test(decoded)) return `has the segment ${segment}, which decodes to a separator`
  }
  return undefined
}

/** Sends `target` and checks the outcome: forwarded under the base path, or refused with a 4xx, never a 5xx. */
async function checkTarget(server: string, target: string): Promise<void> {
  const before = targets.length
  const { status, body } = await rawGet(server, target)
  expect(status, `${target} → ${body}`).toBeGreaterThanOrEqual(200)
  expect(status, `${target} → ${body}`).toBeLessThan(500)
  for (const received of targets.slice(before))
    expect(leaves(received), `${target} reached ${received}`).toBeUndefined()
  if (status === 400 && targets.length === before)
    expect(JSON.parse(body)).toMatchObject({ statusCode: '400', error: 'Bad Request', message: expect.any(String) })
}

describe('serve --proxy keeps to its base path', () => {
  let proxy: StandaloneServer
  beforeAll(async () => {
    const url = `${service.url}${BASE_PATH}`
    proxy = await startStandaloneServer({ port: 0, proxy: { url, token: 'operator-secret' } })
  })
  afterAll(async () => {
    await proxy?.close()
  })
  const send = (target: string) => rawGet(proxy.url, target)

  it('forwards an ordinary request under the base path, its parameters encoded as one segment each', async () => {
    expect((await send('/users/a%20b?x=1')).status).toBe(200)
    expect(targets.at(-1)).toBe(`${BASE_PATH}/users/a%20b?x=1`)
    expect((await send('/Manager/0xabc/7')).status).toBe(200)
    expect(targets.at(-1)).toBe(`${BASE_PATH}/manager/0xabc/7`) // the operation's path as the contract writes it
  })

  it('refuses each known trick with a 400 naming the parameter, and forwards nothing out of /v1', async () => {
    for (const target of TRICKS) await checkTarget(proxy.url, target)
    const refused = await send('/users/..\\..\\..\\admin\\secrets')
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body).message).toBe(
      'the path parameter id "..\\\\..\\\\..\\\\admin\\\\secrets" holds /, \\, % or a control character, which a server may read as a path separator: not forwarded',
    )
    expect(JSON.parse((await send('/manager/%2e%2e/%2e%2e')).body).message).toMatch(
      /^the path parameter address "\.\." is a dot segment/,
    )
    expect(targets.filter((target) => !target.startsWith(`${BASE_PATH}/`))).toEqual([])
  })

  it('forwards no generated target out of the base path', async () => {
    const piece = fc.constantFrom(
      '.',
      '..',
      '%2e',
      '%2E',
      '%252e',
      '/',
      '\\',
      '%2f',
      '%2F',
      '%252f',
      '%5c',
      '%5C',
      '%255c',
      ';',
      '%3b',
      'admin',
      'users',
      'manager',
      '0xabc',
      '7',
      '%25',
      '%00',
    )
    const target = fc
      .tuple(
        fc.constantFrom('/users/', '/manager/', '/securityToken/', '/debtToken/debtor/'),
        fc.array(piece, { maxLength: 8 }),
      )
      .map(([start, pieces]) => `${start}${pieces.join('')}`)
    await fc.assert(
      fc.asyncProperty(target, (target) => checkTarget(proxy.url, target)),
      { seed: 20261128, numRuns: propertyRuns(300, 60) },
    )
  })
})
