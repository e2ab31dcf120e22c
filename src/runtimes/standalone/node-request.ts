/**
 * node:http request → SimRequest, without building a Fetch Request: the body is read once, capped
 * at the size the pipeline accepts (a larger body is answered 413 without being buffered whole).
 */
import type { IncomingMessage } from 'node:http'
import { ApiError } from '../../pipeline/api-error.ts'
import type { SimRequest } from '../../pipeline/sim-request.ts'
import { MAX_BODY_BYTES } from '../../pipeline/validate-request.ts'

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data')
        request.resume()
        reject(new ApiError(413, `body is larger than ${MAX_BODY_BYTES} bytes`))
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

export function fromNodeRequest(request: IncomingMessage): SimRequest {
  const url = request.url ?? '/'
  const q = url.indexOf('?')
  let body: Promise<string> | undefined
  return {
    method: (request.method ?? 'GET').toUpperCase(),
    path: q === -1 ? url : url.slice(0, q),
    query: new URLSearchParams(q === -1 ? '' : url.slice(q + 1)),
    header(name) {
      const value = request.headers[name]
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
    },
    text: () => (body ??= readBody(request)),
  }
}
