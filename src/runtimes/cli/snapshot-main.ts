/**
 * The CLI's entry for the V8 startup snapshot (scripts/build.mjs builds dist/snapshot/cli.blob from
 * it with `node --build-snapshot`). Building runs this module, so every module of the start-up graph
 * (zod, the contract, the default fixtures) is already evaluated in the snapshot; a start then
 * deserializes that heap and only runs the CLI. Node gives the deserialized process
 * `[node, ...arguments]`, with no script name, hence `argv.slice(1)`.
 */
import { startupSnapshot } from 'node:v8'
import type { SimRequest } from '../../pipeline/sim-request.ts'
import { createSimulatorCore } from '../../simulator-core.ts'
import { runCli } from './cli.ts'

if (!startupSnapshot.isBuildingSnapshot()) throw new Error('snapshot-main.ts is the entry of `node --build-snapshot`; run main.ts instead')

/**
 * A throwaway simulator answers a list read, a write refused by validation and a query by address
 * while the snapshot is built: the snapshot then holds the bytecode V8 compiled for seeding
 * and for those paths, which a start would otherwise compile before its first answer. Nothing of it
 * is kept: every simulator has its own world and its own seeded random source.
 */
function warmUp(): void {
  const simulator = createSimulatorCore()
  const request = (method: string, path: string, body = ''): SimRequest => ({
    method,
    path,
    query: new URLSearchParams(),
    header: (name) => (name === 'authorization' ? 'Bearer snapshot' : name === 'content-type' && body !== '' ? 'application/json' : null),
    text: async () => body,
  })
  void simulator.handle(request('GET', '/securityToken'))
  void simulator.handle(request('POST', '/manager', '{}'))
  void simulator.handle(request('GET', '/manager/debt-tokens/0x0000000000000000000000000000000000000000'))
}

warmUp()
startupSnapshot.setDeserializeMainFunction(() => runCli(process.argv.slice(1), 'snapshot'))
