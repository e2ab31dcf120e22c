/**
 * Loopback is an address, not a spelling (issue 20, findings 5 and 11): the DNS-rebinding Host
 * check held for `--host 127.0.0.1` but was skipped for `::ffff:127.0.0.1` or `0:0:0:0:0:0:0:1`,
 * and `--control-origin` took origins no browser sends (`https://QA.Example.com`, `:443`,
 * `http://*`), which silently allowed nobody or looked like they allowed everybody.
 */
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { serveCommand } from '../../src/runtimes/cli/serve.ts'
import { startStandaloneServer } from '../../src/runtimes/standalone/server.ts'

/**
 * One request over a raw socket to `address`, with the Host header given as is; the server closes
 * the connection after its answer. The socket stays open for writing meanwhile, as an HTTP client
 * keeps it: Node's server drops a request whose client half-closes before the answer is ready.
 */
function rawGet(address: string, port: number, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = connect(port, address, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    )
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('error', reject)
    socket.on('close', () => resolve(answer))
  })
}

describe('the DNS-rebinding Host check', () => {
  // [--host, where a client connects, a Host header naming the server]
  const spellings: [string, string, string][] = [
    ['127.0.0.1', '127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1', '[::ffff:127.0.0.1]'],
    ['0:0:0:0:0:0:0:1', '::1', '[::1]'],
    ['::1', '::1', 'localhost'],
  ]
  for (const [host, address, hostHeader] of spellings) {
    it(`holds with --host ${host}: a rebound name is refused, the loopback Host answered`, async () => {
      const server = await startStandaloneServer({ port: 0, host })
      try {
        const port = Number(new URL(server.url).port)
        const rebound = await rawGet(address, port, '/__sim/journal', `attacker.example:${port}`)
        expect(rebound).toMatch(/^HTTP\/1.1 403/)
        expect(rebound).toContain('"statusCode":"403"')
        expect(rebound).toContain('while the server listens on loopback')
        expect(await rawGet(address, port, '/__sim/journal', `${hostHeader}:${port}`)).toMatch(/^HTTP\/1.1 200/)
      } finally {
        await server.close()
      }
    })
  }

  it('is not applied when the server listens on every address (--host 0.0.0.0 widens on purpose)', async () => {
    const server = await startStandaloneServer({ port: 0, host: '0.0.0.0' })
    try {
      const port = Number(new URL(server.url).port)
      expect(await rawGet('127.0.0.1', port, '/__sim/health', 'qa-box.lan')).toMatch(/^HTTP\/1.1 200/)
    } finally {
      await server.close()
    }
  })
})

describe('--control-origin', () => {
  async function serve(origin: string): Promise<{ code: number | undefined; err: string }> {
    let err = ''
    const code = await serveCommand(
      ['--port', '0', '--control-origin', origin],
      { out: () => {}, err: (text) => (err += text) },
      {},
    )
    return { code, err }
  }

  const refused: [string, string][] = [
    ['https://QA.Example.com', 'lower case, as a browser sends it: write https://qa.example.com'],
    ['https://qa.example.com:443', "https's default port, which a browser leaves out: write https://qa.example.com"],
    ['http://qa.example.com:80', "http's default port"],
    ['http://*', 'wildcard'],
    ['https://*.example.com', 'wildcard'],
    ['https://qa.example.com/', 'path'],
    ['https://qa.example.com/app', 'path'],
    ['https://qa.example.com?', 'query or fragment'],
    ['https://qa.example.com#x', 'query or fragment'],
    ['https://user@qa.example.com', 'user name'],
    ['ftp://qa.example.com', 'http:// or https://'],
    ['qa.example.com', 'is not an origin'],
    ['https://bücher.example', 'write https://xn--bcher-kva.example'],
  ]
  for (const [origin, reason] of refused) {
    it(`refuses ${origin} with exit 2 and the reason`, async () => {
      const { code, err } = await serve(origin)
      expect(code).toBe(2)
      expect(err).toContain(`--control-origin ${origin}`)
      expect(err).toContain(reason)
    })
  }

  it('refuses it in startStandaloneServer({ controlOrigins }) too', async () => {
    await expect(startStandaloneServer({ port: 0, controlOrigins: ['https://QA.example.com'] })).rejects.toThrow(
      'lower case',
    )
  })
})
