/**
 * The command turns on Node's compile cache (src/runtimes/cli/main.ts). A cache is a file a later
 * start trusts, so these attack it: the command must write one, and still start and answer as
 * before when every entry is damaged (bytes flipped at the same length, cut short, replaced), or
 * when the cache directory cannot be written.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
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
 * The test process's environment without Node's cache settings, so the command's own call picks
 * the directory: Node's default, `node-compile-cache` under the temporary directory (TMPDIR).
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
  const server = await startCli(['--quiet'], { env: { TMPDIR: temporary }, inherit: inheritedEnv() })
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
  it('writes a cache on its first start', () => {
    const temporary = temporaryDirectory('compile-cache-')
    const first = version({ TMPDIR: temporary })
    expect(first.status, first.stderr).toBe(0)
    expect(filesUnder(join(temporary, 'node-compile-cache')).length).toBeGreaterThan(0)
  })

  it.each(Object.keys(damages))('starts and answers as before with every cache entry %s', async (damage) => {
    const temporary = temporaryDirectory('compile-cache-')
    const before = await firstAnswer(temporary)
    const files = filesUnder(join(temporary, 'node-compile-cache'))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) writeFileSync(file, damages[damage]!(readFileSync(file)))

    const printed = version({ TMPDIR: temporary })
    expect(printed.status, printed.stderr).toBe(0)
    expect(printed.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(await firstAnswer(temporary)).toEqual(before)
  })

  it('starts, quietly, when the cache directory cannot be created', () => {
    const parent = temporaryDirectory('compile-cache-')
    const notADirectory = join(parent, 'a-file')
    writeFileSync(notADirectory, 'not a directory')
    const printed = version({ TMPDIR: notADirectory })
    expect(printed.status, printed.stderr).toBe(0)
    expect(printed.stderr).toBe('')
  })
})
