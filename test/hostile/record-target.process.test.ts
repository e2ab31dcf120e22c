/**
 * `--record <file>` written safely or loudly (issue 20, finding 8), against the built command: a
 * target that cannot take a recording is refused at start (exit 2, naming the problem); a flush
 * that fails is answered 507 and said in the log, and shutdown then exits non-zero; the temporary
 * file is never a name someone could plant a link at (a planted link, at the old predictable name
 * or at the target itself, is not written through).
 */
import { execFileSync, spawn } from 'node:child_process'
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, startCli } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

/** Runs `serve --record <target>` and resolves its exit code and what it printed (it exits at once when refused). */
function refusedStart(target: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', '--record', target], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('listening on')) child.kill('SIGKILL')
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

const post = (url: string, path: string) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' } })

describe('the --record target', () => {
  it('is checked at start: exit 2 naming the problem', async () => {
    const directory = temporaryDirectory('record-target-')
    const asDirectory = await refusedStart(directory)
    expect(asDirectory.code).toBe(2)
    expect(asDirectory.output).toContain(`--record: ${directory} is a directory`)

    const aFile = join(directory, 'plain.txt')
    writeFileSync(aFile, 'not a directory')
    const underAFile = await refusedStart(join(aFile, 'session.json'))
    expect(underAFile.code).toBe(2)
    expect(underAFile.output).toMatch(/--record: the directory .*plain\.txt cannot be created/)

    const fifo = join(directory, 'pipe.json')
    execFileSync('mkfifo', [fifo])
    const special = await refusedStart(fifo)
    expect(special.code).toBe(2)
    expect(special.output).toContain('is not a regular file')
  })

  it('is never written through a planted link, and leaves no temporary file', async () => {
    const directory = temporaryDirectory('record-links-')
    const victim = join(directory, 'victim.txt')
    writeFileSync(victim, 'precious')
    const target = join(directory, 'session.json')
    symlinkSync(victim, target)
    const server = await startCli(['--quiet', '--record', target])
    try {
      // The old temporary name was `<file>.tmp-<pid>`: plant links at every pid it could be.
      for (let pid = 1; pid < 200; pid++) symlinkSync(victim, `${target}.tmp-${pid}`)
      expect((await post(server.url, '/__sim/reset')).status).toBe(200)
      expect((await post(server.url, '/__sim/record/flush')).status).toBe(200)
      expect(readFileSync(victim, 'utf8')).toBe('precious')
      expect(lstatSync(target).isFile()).toBe(true)
      expect(JSON.parse(readFileSync(target, 'utf8'))).toHaveProperty('steps')
      expect(readdirSync(directory).filter((name) => name.endsWith('.tmp'))).toEqual([])
    } finally {
      expect(await server.stop()).toBe(0)
    }
    expect(readFileSync(victim, 'utf8')).toBe('precious')
  })

  it('reports a flush that fails: 507 and a log line, then a non-zero exit when shutdown cannot write it either', async () => {
    const directory = join(temporaryDirectory('record-gone-'), 'recordings')
    mkdirSync(directory)
    const server = await startCli(['--quiet', '--record', join(directory, 'session.json')])
    let code: number | null = null
    try {
      rmSync(directory, { recursive: true })
      writeFileSync(directory, 'a file where the directory was')
      const flushed = await post(server.url, '/__sim/record/flush')
      expect(flushed.status).toBe(507)
      const body = (await flushed.json()) as Record<string, string>
      expect(body).toMatchObject({ statusCode: '507', error: 'Insufficient Storage' })
      expect(body.message).toContain('the recording could not be written')
      expect(server.output()).toContain('the recording could not be written')
    } finally {
      code = await server.stop()
    }
    expect(code).toBe(1)
    expect(server.output()).toContain(`the recording could not be written to ${join(directory, 'session.json')}`)
  })
})
