/**
 * A process that takes a persistence directory's lock the moment a byte arrives on its standard
 * input (blocked in a read until then, so that two racers given their byte together start within
 * microseconds of each other), says whether it holds it, and keeps it until killed. Run with
 * Node's type stripping by test/standalone/persist-lock.process.test.ts.
 */
import { readSync } from 'node:fs'
import { acquireLock } from '../../src/persistence/node/directory-lock.ts'
import { nodeFs } from '../../src/persistence/node/persist-fs.ts'
import { systemProcesses } from '../../src/persistence/node/process-identity.ts'

const [dir] = process.argv.slice(2) as [string]
void systemProcesses.self // read before the race: it costs a file read
process.stdout.write('ready\n')
readSync(0, Buffer.alloc(1)) // blocks the thread: no event loop turn between the byte and the race
try {
  acquireLock(dir, { fs: nodeFs, processes: systemProcesses })
  process.stdout.write('held\n')
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`)
}
setInterval(() => {}, 60_000) // holds the lock until killed
