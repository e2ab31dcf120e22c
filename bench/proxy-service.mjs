/**
 * The fake service behind `npm run bench:proxy` (bench/proxy-limits.ts), in a process of its own so
 * that writing its answers costs the measured server nothing. Each answer is built once, at start:
 *  - `GET /users/{id}`: one object of 200,000 keys (about 4 MB), every key unknown to the contract;
 *  - `GET /securityToken`: 100,000 objects of two keys each, every object's keys its own (about
 *    3 MB: the shape JSON.parse takes longest over, a new hidden class per object);
 *  - `GET /debtToken/debtor/{address}`: 20,000 records of 15 fields (about 10 MB), the largest list the
 *    contract allows in a realistic shape;
 *  - `GET /manager/debt-tokens/{address}`: 40 MiB, past the forwarder's limit, its length declared;
 *  - `GET /investor/{address}/{token}`: the same, sent chunked (read until the limit);
 *  - any other path: `{}` after 800 ms, to measure the machine's own noise over a request as long.
 * Prints "listening on <url>".
 */
import { createServer } from 'node:http'

const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`legacy${i}`, i])))
const distinct = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => ({ [`a${i}`]: i, [`b${i}`]: true })))
const record = (i) => ({
  id: i,
  contractAddress: `0x${i.toString(16).padStart(40, '0')}`,
  debtorAddress: `0x${(i * 7).toString(16).padStart(40, '0')}`,
  creditorAddress: `0x${(i * 11).toString(16).padStart(40, '0')}`,
  name: `Debt token ${i}`,
  symbol: `DT${i}`,
  principal: '1000000.00',
  interestRate: 1.25,
  installments: 12,
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  maturityDate: '2027-01-01',
  currency: 'BRL',
  note: 'a realistic record of fifteen fields',
})
const list = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => record(i)))
const tooLarge = Buffer.from(`[${'0,'.repeat(20 * 1024 * 1024)}0]`)

/** Path, body, and whether it is sent chunked (no Content-Length: read until the limit to be refused). */
const answers = [
  [/^\/users\//, Buffer.from(wide)],
  [/^\/securityToken$/, Buffer.from(distinct)],
  [/^\/debtToken\/debtor\//, Buffer.from(list)],
  [/^\/manager\/debt-tokens\//, tooLarge],
  [/^\/investor\//, tooLarge, 'chunked'],
]

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?', 1)[0]
  const [, body, chunked] = answers.find(([pattern]) => pattern.test(path)) ?? []
  response.on('error', () => {})
  if (body === undefined) {
    setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 800)
    return
  }
  if (chunked === undefined) {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.byteLength }).end(body)
    return
  }
  response.writeHead(200, { 'content-type': 'application/json' })
  let at = 0
  const more = () => {
    while (at < body.byteLength && response.write(body.subarray(at, (at += 1024 * 1024))));
    if (at < body.byteLength) response.once('drain', more)
    else response.end()
  }
  more()
})
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`))
