/**
 * The standalone server for `npm run bench`'s coverage pair: `startStandaloneServer` as `serve
 * --quiet` calls it, from the sources, once as it is (recording API coverage, which a standalone
 * server always does, for `GET /__sim/coverage`) and once with its recorder stopped
 * (`--no-coverage`), so that only the recorder differs between the two. Prints the "listening on"
 * line the bench waits for.
 *
 * Usage: node --import tsx bench/coverage-server.ts [--size 1000] [--no-coverage]
 */
import { coverageRecorderOf } from '../src/coverage/coverage-recorder.ts'
import { startStandaloneServer } from '../src/runtimes/standalone/server.ts'
import { option } from './server-child.ts'

const server = await startStandaloneServer({
  host: '127.0.0.1',
  port: 0,
  size: Number(option('size', '1000')),
  // As the bench's `serve --max-records`: a run stores a few hundred thousand payments.
  maxRecords: 5_000_000,
})
if (process.argv.includes('--no-coverage')) coverageRecorderOf(server.simulator)?.stop()
console.log(`listening on ${server.url}`)
