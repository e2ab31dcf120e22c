#!/usr/bin/env node
/**
 * Runs a command while another process keeps one core busy, as a loaded CI runner or a developer's
 * machine with a build going would: `node scripts/with-busy-core.mjs npm test`. The spinning
 * process is bounded (30 minutes at most, `--max-minutes n`) and ends with the command; the exit
 * code is the command's, and the spinner's CPU time is printed as proof the load was there. The
 * command runs with SIM_TEST_BUSY_CORE=1, under which a test that keeps a core busy itself while
 * it runs (test/browser/playwright-example.browser.test.ts) does so; the default run leaves it out.
 * `npm run test:busy` runs `npm test` twice in a row this way, then `npm run test:examples`
 * (docs/development.md).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const args = process.argv.slice(2)
let maxMinutes = 30
if (args[0] === '--max-minutes') {
  maxMinutes = Number(args[1])
  args.splice(0, 2)
}
if (args.length === 0) {
  console.error('usage: node scripts/with-busy-core.mjs [--max-minutes n] <command> [args…]')
  process.exit(2)
}
const spin = `const end = Date.now() + ${Math.round(maxMinutes * 60_000)}; while (Date.now() < end) {}`
const spinner = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' })
const started = Date.now()
const command = spawn(args[0], args.slice(1), {
  stdio: 'inherit',
  shell: false,
  env: { ...process.env, SIM_TEST_BUSY_CORE: '1' },
})
/** The spinner's CPU seconds (Linux: utime + stime from /proc, in clock ticks of 1/100 s); null elsewhere. */
function spinnerCpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${spinner.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

command.on('exit', (code, signal) => {
  const cpu = spinnerCpuSeconds()
  spinner.kill()
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  const load = cpu === null ? '' : `; the busy process took ${cpu.toFixed(0)} s of CPU`
  console.error(`with-busy-core: ${args.join(' ')} exited ${code ?? signal} after ${seconds} s${load}`)
  process.exit(code ?? 1)
})
