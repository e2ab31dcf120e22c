/**
 * `npm run bench:journal`: the journal's memory whatever its options (issue 45). Starts the command
 * from the sources twice, with the default journal and with the largest one the options allow
 * (`--journal-size 100000 --journal-body-limit 1048576`), sends each the same posts of about 1 MB
 * (what any web page may send: a create with a long field, refused 400, its body journaled), and
 * reports the server's resident memory before and after. The journal keeps at most
 * MAX_JOURNAL_BODY_CHARS characters of bodies in all (64 MiB as JavaScript holds them), so the
 * largest journal's growth stays within that of the default's plus that bound, however many posts.
 * Exits 1 when it does not.
 *
 * Options: --posts <n> (600).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { MAX_JOURNAL_BODY_CHARS } from '../src/observability/journal.ts'
import { AUTH, option, rssMB, started } from './server-child.ts'

const root = join(import.meta.dirname, '..')
const posts = Number(option('posts', '600'))
/** A create whose field is too long: refused, and its whole body journaled when the limit allows. */
const BODY = JSON.stringify({ contractAddress: `0x${'a'.repeat(999_000)}` })
/** What V8 may hold beside the strings (their headers, the ring, fragmentation): the bound's slack. */
const SLACK_MB = 64

async function grow(args: readonly string[]): Promise<{ before: number; after: number; status: number }> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/runtimes/cli/main.ts'), 'serve', '--port', '0', '--quiet', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  try {
    const url = await started(server)
    const send = () =>
      fetch(`${url}/securityToken`, {
        method: 'POST',
        headers: { authorization: AUTH, 'content-type': 'application/json' },
        body: BODY,
      })
    await (await send()).arrayBuffer()
    const before = rssMB(server.pid!)
    let status = 0
    for (let i = 0; i < posts; i++) {
      const answer = await send()
      status = answer.status
      await answer.arrayBuffer()
    }
    return { before, after: rssMB(server.pid!), status }
  } finally {
    server.kill()
  }
}

const small = await grow([])
const large = await grow(['--journal-size', '100000', '--journal-body-limit', '1048576'])
const boundMB = (MAX_JOURNAL_BODY_CHARS * 2) / 2 ** 20
console.log(
  `\nThe journal's memory, ${posts} posts of ${(BODY.length / 1e6).toFixed(2)} MB each (answered ${large.status})\n`,
)
console.log('| journal | RSS before MB | RSS after MB | growth MB |')
console.log('| --- | --- | --- | --- |')
for (const [name, run] of [
  ['default (500 entries, 4096 characters a body)', small],
  ['--journal-size 100000 --journal-body-limit 1048576', large],
] as const)
  console.log(`| ${name} | ${run.before} | ${run.after} | ${run.after - run.before} |`)
const over = large.after - large.before - (small.after - small.before)
console.log(
  `\nThe largest journal's growth beyond the default's: ${over} MB (bound: ${boundMB} MB of bodies + ${SLACK_MB} MB)`,
)
process.exitCode = over <= boundMB + SLACK_MB ? 0 : 1
