/**
 * The ceiling of `npm run bench`: a bare node:http server answering each measured request with the
 * bytes (status, headers, body) the simulator gave for it, pre-serialized. POST bodies are read and
 * parsed as JSON, as any server must. Plain JavaScript, so nothing but node:http runs.
 *
 * Usage: node bench/bare-server.mjs <port> <routes.json>
 * routes.json: { routes: [{ method, path, status, headers, body }] }
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [port = '0', file] = process.argv.slice(2)
const spec = JSON.parse(readFileSync(file, 'utf8'))
const routes = new Map(
  spec.routes.map((route) => {
    const body = Buffer.from(route.body)
    return [
      `${route.method} ${route.path}`,
      { status: route.status, headers: { ...route.headers, 'content-length': body.length }, body },
    ]
  }),
)

const server = createServer({ keepAliveTimeout: 5000 }, (request, response) => {
  const route = routes.get(`${request.method} ${request.url}`)
  if (route === undefined) {
    response.writeHead(404, { 'content-length': 0 })
    response.end()
    return
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    response.writeHead(route.status, route.headers)
    response.end(route.body)
    return
  }
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'))
    response.writeHead(route.status, route.headers)
    response.end(route.body)
  })
})
server.listen(Number(port), '127.0.0.1', () =>
  console.log(`bare listening on http://127.0.0.1:${server.address().port}`),
)
process.on('SIGTERM', () => server.close(() => process.exit(0)))
