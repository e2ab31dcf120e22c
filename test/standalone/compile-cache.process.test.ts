/**
 * The command turns on Node's compile cache (src/runtimes/cli/main.ts), in a directory of the
 * user's own (src/runtimes/cli/compile-cache.ts). A cache is a file a later start trusts, so these
 * attack it: the command must write one, never in the shared temporary directory, use none that
 * someone else could have planted (a link, a directory others may write to), and still start and
 * answer as before when every entry is damaged (bytes flipped at the same length, cut short,
 * replaced), or when the cache directory cannot be written. And on a Node older than the package's
 * floor every command says what it needs and exits 1.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { delimiter, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, projectRoot, startCli } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const AUTH = { authorization: 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' }

/** Every file under `directory`, recursively. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((name) => join(directory, name))
    .filter((file) => statSync(file).isFile())
}

/**
 * The test process's environment without Node's cache settings, so the command picks the
 * directory: `debt-token-simulator` under XDG_CACHE_HOME.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const { NODE_COMPILE_CACHE: _cache, NODE_DISABLE_COMPILE_CACHE: _disable, ...inherited } = process.env
  return inherited
}

/** Runs `--version` with the given cache directory; returns what it printed and its exit status. */
function version(env: Record<string, string>) {
  return spawnSync(process.execPath, [cliPath, '--version'], {
    cwd: projectRoot,
    env: { ...inheritedEnv(), ...env },
    encoding: 'utf8',
  })
}

/** Starts the server with the cache directory and reads the first answer's status and body. */
async function firstAnswer(temporary: string): Promise<{ status: number; tokens: number }> {
  const server = await startCli(['--quiet'], { env: { XDG_CACHE_HOME: temporary }, inherit: inheritedEnv() })
  try {
    const response = await fetch(`${server.url}/securityToken`, { headers: AUTH })
    const body = (await response.json()) as unknown[]
    return { status: response.status, tokens: body.length }
  } finally {
    await server.stop()
  }
}

const damages: Record<string, (bytes: Buffer) => Buffer> = {
  'flipped at the same length': (bytes) => {
    const copy = Buffer.from(bytes)
    for (let i = 0; i < 16; i++) {
      const at = (Math.floor(copy.length / 2) + i * 7) % copy.length
      copy[at] = copy[at]! ^ 0xff
    }
    return copy
  },
  'cut short': (bytes) => bytes.subarray(0, Math.floor(bytes.length / 3)),
  'replaced by other bytes': (bytes) => Buffer.alloc(bytes.length, 0x5a),
  emptied: () => Buffer.alloc(0),
}

describe('the command and Node’s compile cache', () => {
  it('writes a cache on its first start, in a directory of the user’s own, not in the shared temporary one', () => {
    const cache = temporaryDirectory('compile-cache-')
    const shared = temporaryDirectory('compile-cache-tmp-')
    const first = version({ XDG_CACHE_HOME: cache, TMPDIR: shared })
    expect(first.status, first.stderr).toBe(0)
    expect(filesUnder(join(cache, 'debt-token-simulator')).length).toBeGreaterThan(0)
    expect(statSync(join(cache, 'debt-token-simulator')).mode & 0o777).toBe(0o700)
    expect(readdirSync(shared)).toEqual([])
  })

  it.each([
    ['a link to another directory', (planted: string, elsewhere: string) => symlinkSync(elsewhere, planted)],
    [
      'a directory others may write to',
      (planted: string) => {
        mkdirSync(planted)
        chmodSync(planted, 0o777)
      },
    ],
  ])('uses no cache when its directory is %s', (_, plant) => {
    const cache = temporaryDirectory('compile-cache-')
    const planted = join(cache, 'debt-token-simulator')
    const elsewhere = join(cache, 'elsewhere')
    mkdirSync(elsewhere)
    plant(planted, elsewhere)
    const printed = version({ XDG_CACHE_HOME: cache })
    expect(printed.status, printed.stderr).toBe(0)
    expect([...filesUnder(elsewhere), ...filesUnder(planted)]).toEqual([])
  })

  it.each(Object.keys(damages))('starts and answers as before with every cache entry %s', async (damage) => {
    const temporary = temporaryDirectory('compile-cache-')
    const before = await firstAnswer(temporary)
    const files = filesUnder(join(temporary, 'debt-token-simulator'))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) writeFileSync(file, damages[damage]!(readFileSync(file)))

    const printed = version({ XDG_CACHE_HOME: temporary })
    expect(printed.status, printed.stderr).toBe(0)
    expect(printed.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(await firstAnswer(temporary)).toEqual(before)
  })

  it('starts, quietly, when the cache directory cannot be created', () => {
    const parent = temporaryDirectory('compile-cache-')
    const notADirectory = join(parent, 'a-file')
    writeFileSync(notADirectory, 'not a directory')
    const printed = version({ XDG_CACHE_HOME: notADirectory })
    expect(printed.status, printed.stderr).toBe(0)
    expect(printed.stderr).toBe('')
  })
})

/** A Node older than the package's floor on the PATH (the machine's own, beside the project's Node 22), if any. */
function oldNode(): { path: string; version: string } | undefined {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(directory, 'node')
    if (directory.includes('node_modules') || !existsSync(path)) continue
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
    const [major = 0, minor = 0] = version.split('.').map(Number)
    if (major < 22 || (major === 22 && minor < 12)) return { path, version }
  }
  return undefined
}
const old = oldNode()

describe.skipIf(old === undefined)(`the command on Node ${old?.version ?? '< 22.12 (none on this machine)'}`, () => {
  it.each([['--version'], ['serve', '--port', '0'], ['replay', 'scenarios'], ['scenarios'], ['openapi'], ['coverage']])(
    '%s says it needs Node 22.12 and exits 1',
    (...argv) => {
      const run = spawnSync(old!.path, [cliPath, ...argv], { cwd: projectRoot, encoding: 'utf8', timeout: 15_000 })
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: `debt-token-simulator needs Node.js 22.12 or later; this is Node.js ${old!.version}.\nInstall a newer Node.js (https://nodejs.org/en/download) and run it again.\n`,
      })
    },
  )
})
