/**
 * Who owns a persistence directory's lock, told apart from whatever later runs under the same pid. The
 * place includes the pid namespace, so a server in another container is never taken for a dead one.
 */
import { readFileSync, readlinkSync } from 'node:fs'
import { hostname } from 'node:os'

/** A process as a lock names it. */
export interface ProcessIdentity {
  readonly pid: number
  /** When it started, in a form only the same process gives again ('' where the platform cannot tell). */
  readonly start: string
  /** Where its pid means something: the host, and the pid namespace where there is one. */
  readonly place: string
}

/** What a lock's owner is now: running; gone (exited, a zombie, or its pid reused); or running elsewhere, so that this process cannot tell. */
type OwnerState = 'running' | 'gone' | 'elsewhere'

/** This process, and how the state of another is told: the seam a test puts fake processes in. */
export interface ProcessTable {
  readonly self: ProcessIdentity
  stateOf(owner: ProcessIdentity): OwnerState
}

interface Observed {
  /** The process runs and is not a zombie. */
  readonly running: boolean
  readonly start: string
}

/** Linux: the state and start tick of `pid` from /proc/<pid>/stat, with the boot they count from. */
function observeLinux(pid: number): Observed {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return { running: false, start: '' }
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so fields count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const state = fields[0] ?? ''
  return { running: state !== 'Z' && state !== 'X', start: `${bootId()}:${fields[19] ?? ''}` }
}

let boot: string | undefined
function bootId(): string {
  boot ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  return boot
}

/** Other POSIX systems (macOS, the BSDs): `ps` says the state and the start time, to the second. */
function observePs(pid: number): Observed {
  let line: string
  try {
    // Reached here, not imported: importing child_process costs every start, and only macOS and the BSDs need it.
    line = process
      .getBuiltinModule('node:child_process')
      .execFileSync('ps', ['-o', 'stat=', '-o', 'lstart=', '-p', String(pid)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      .trim()
  } catch {
    return { running: false, start: '' } // ps exits 1 for a pid no process has
  }
  const [state = '', ...start] = line.split(/\s+/)
  return { running: !state.startsWith('Z'), start: start.join(' ') }
}

/** Windows: only whether the pid runs (its start time would need a slow query); a reused pid counts as the owner there. */
function observeSignal(pid: number): Observed {
  try {
    process.kill(pid, 0)
    return { running: true, start: '' }
  } catch (error) {
    return { running: (error as NodeJS.ErrnoException).code === 'EPERM', start: '' }
  }
}

const observe = process.platform === 'linux' ? observeLinux : process.platform === 'win32' ? observeSignal : observePs

function placeOfThisProcess(): string {
  if (process.platform !== 'linux') return hostname()
  try {
    return `${hostname()} ${readlinkSync('/proc/self/ns/pid')}`
  } catch {
    return hostname()
  }
}

let self: ProcessIdentity | undefined

export const systemProcesses: ProcessTable = {
  get self() {
    self ??= { pid: process.pid, start: observe(process.pid).start, place: placeOfThisProcess() }
    return self
  },
  stateOf(owner) {
    if (owner.place !== this.self.place) return 'elsewhere'
    const now = observe(owner.pid)
    if (!now.running) return 'gone'
    return owner.start === '' || now.start === '' || now.start === owner.start ? 'running' : 'gone'
  },
}
