/**
 * GET requests pipelined on one HTTP/1.1 connection: each a real request the server reads, answers
 * and journals as any other, written all at once and answered in order. For a test that sends
 * thousands to a server in its own process, where a fetch (undici) costs the client several times
 * what the answer costs the server. Reads only answers with a Content-Length (the standalone
 * server's), and says so of any other.
 */
import { connect } from 'node:net'

/** Sends a GET of each path, with `headers`; resolves with the answers' statuses, in order. */
export function getPipelined(
  origin: string,
  paths: readonly string[],
  headers: Readonly<Record<string, string>> = {},
): Promise<number[]> {
  const { hostname, port } = new URL(origin)
  const lines = Object.entries({ host: `${hostname}:${port}`, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return new Promise((resolve, reject) => {
    const statuses: number[] = []
    if (paths.length === 0) return resolve(statuses)
    let buffer: Buffer = Buffer.alloc(0)
    const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ''))
    const fail = (error: Error) => {
      socket.destroy()
      reject(error)
    }
    socket.on('error', fail)
    socket.on('close', () => {
      if (statuses.length < paths.length)
        fail(new Error(`the connection closed after ${statuses.length} of ${paths.length} answers`))
    })
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n')
        if (end === -1) return
        const head = buffer.subarray(0, end).toString('latin1')
        const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1]
        if (length === undefined) return fail(new Error(`an answer without a Content-Length: ${head}`))
        if (buffer.length < end + 4 + Number(length)) return
        statuses.push(Number(head.slice('HTTP/1.1 '.length, 'HTTP/1.1 200'.length)))
        buffer = buffer.subarray(end + 4 + Number(length))
        if (statuses.length === paths.length) {
          socket.end()
          return resolve(statuses)
        }
      }
    })
    socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\n${lines}\r\n`).join(''))
  })
}
