/**
 * Setup file of the `unit` project, the inner loop: its tests run in-process only. Listening on a
 * port or starting a child process fails the test at once, naming the project the test belongs in,
 * so the inner loop stays fast and cannot quietly start depending on ports or processes. (A
 * client's connect is not refused here: msw 3 intercepts fetch at the socket, so its in-process
 * answers go through Socket#connect; a fetch that nothing answers fails on its own.)
 */
import childProcess from 'node:child_process'
import { syncBuiltinESMExports } from 'node:module'
import net from 'node:net'

function refuse(what: string): never {
  throw new Error(
    `${what} in the unit project: its tests run in-process only. A test that needs real sockets belongs in the loopback project, one that starts processes in the process project (vitest.config.ts).`,
  )
}

net.Server.prototype.listen = function listen() {
  refuse('a server listening')
}
const starters = ['spawn', 'fork', 'exec', 'execFile', 'spawnSync', 'execSync', 'execFileSync'] as const
for (const name of starters) (childProcess as Record<string, unknown>)[name] = () => refuse(`child_process.${name}`)
// Named imports of node:child_process (import { spawn } …) see the patched functions too.
syncBuiltinESMExports()
