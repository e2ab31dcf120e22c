/**
 * `scenarios from-har --out <file> --world <dir>` under a failing disk: the file system's rename
 * fails (EIO) when the world or the scenario is put into place, and nothing is left half-written:
 * no scenario, no world, no temporary file beside them, an empty world directory given as it was,
 * and an earlier scenario file at `--out` as it was. A full disk (ENOSPC) and a read-only mount
 * (EROFS) are said with the file being written and the errno.
 */
import * as fs from 'node:fs'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { scenariosFromHar } from '../../src/record-replay/from-har-command.ts'
import { importHarFile } from '../../src/record-replay/har-import.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

/** The renames that fail: those onto this path. */
let failRenameOnto: string | undefined
/** A full disk: a write of some bytes fails (an empty file is still created, as on a real full disk). */
let diskFull = false
/** A directory on a read-only mount: nothing can be created under it. */
let readOnly: string | undefined

const systemError = (code: string, text: string, syscall: string, path?: string) =>
  Object.assign(new Error(`${code}: ${text}, ${syscall}${path === undefined ? '' : ` '${path}'`}`), {
    code,
    syscall,
    ...(path !== undefined && { path }),
  })
const underReadOnly = (path: fs.PathLike) =>
  readOnly !== undefined && resolve(String(path)).startsWith(`${readOnly}${sep}`)

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>()
  return {
    ...actual,
    renameSync: (from: fs.PathLike, to: fs.PathLike) => {
      if (failRenameOnto !== undefined && resolve(String(to)) === failRenameOnto)
        throw Object.assign(new Error(`EIO: i/o error, rename '${String(from)}' -> '${String(to)}'`), { code: 'EIO' })
      actual.renameSync(from, to)
    },
    writeFileSync: (...args: Parameters<typeof fs.writeFileSync>) => {
      if (diskFull && String(args[1]).length > 0) throw systemError('ENOSPC', 'no space left on device', 'write')
      return actual.writeFileSync(...args)
    },
    writeSync: (...args: Parameters<typeof fs.writeSync>) => {
      if (diskFull && String(args[1]).length > 0) throw systemError('ENOSPC', 'no space left on device', 'write')
      return (actual.writeSync as (...all: unknown[]) => number)(...args)
    },
    openSync: (...args: Parameters<typeof fs.openSync>) => {
      if (underReadOnly(args[0])) throw systemError('EROFS', 'read-only file system', 'open', String(args[0]))
      return actual.openSync(...args)
    },
    // As Node's own under a read-only mount (seen on a read-only tmpfs): a plain mkdir fails with
    // EROFS, a recursive one with ENOENT (it reports the stat of the path it could not create).
    mkdirSync: (path: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
      if (underReadOnly(path) && !actual.existsSync(path))
        throw options?.recursive === true
          ? systemError('ENOENT', 'no such file or directory', 'mkdir', String(path))
          : systemError('EROFS', 'read-only file system', 'mkdir', String(path))
      return actual.mkdirSync(path, options)
    },
  }
})

// The files the wings write reach node:fs through process.getBuiltinModule (src/files/atomic-file.ts): the mock there too.
const builtin = process.getBuiltinModule.bind(process)
vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
  id === 'node:fs' ? fs : builtin(id)) as typeof process.getBuiltinModule)

afterEach(() => {
  failRenameOnto = undefined
  diskFull = false
  readOnly = undefined
})

/** `scenarios from-har` with these arguments: its exit code and what it printed on stderr. */
function fromHar(...argv: string[]): { code: number; err: string[] } {
  const err: string[] = []
  const code = scenariosFromHar(argv, { out: () => undefined, err: (text) => err.push(text) }, 'help')
  return { code, err }
}

const charles = join(import.meta.dirname, '../fixtures/har/charles.har')

describe('from-har on a failing disk', () => {
  it.each([
    ['the world', 'world'],
    ['the scenario', 'session.scenario.json'],
  ])('leaves nothing half-written when %s cannot be put into place', (_what, failing) => {
    for (const worldGiven of ['absent', 'empty'] as const) {
      const dir = temporaryDirectory('dts-har-faults-')
      const out = join(dir, 'session.scenario.json')
      const world = join(dir, 'world')
      writeFileSync(out, '{"earlier": true}\n')
      if (worldGiven === 'empty') mkdirSync(world)
      failRenameOnto = resolve(join(dir, failing))

      expect(() => importHarFile({ har: charles, out, world })).toThrow(/EIO/)

      expect(readFileSync(out, 'utf8'), worldGiven).toBe('{"earlier": true}\n')
      if (worldGiven === 'empty') expect(readdirSync(world), worldGiven).toEqual([])
      else expect(existsSync(world), worldGiven).toBe(false)
      // No temporary world or scenario beside them.
      expect(readdirSync(dir).sort(), worldGiven).toEqual(
        worldGiven === 'empty' ? ['session.scenario.json', 'world'] : ['session.scenario.json'],
      )
    }
  })

  it('writes both when the disk works', () => {
    const dir = temporaryDirectory('dts-har-faults-')
    const out = join(dir, 'session.scenario.json')
    const world = join(dir, 'world')
    importHarFile({ har: charles, out, world })
    expect(JSON.parse(readFileSync(out, 'utf8')).steps.length).toBeGreaterThan(0)
    expect(readdirSync(world).length).toBeGreaterThan(0)
  })

  it('names the scenario file and ENOSPC on a full disk, and leaves no file behind', () => {
    const dir = temporaryDirectory('dts-har-faults-')
    const out = join(dir, 'session.scenario.json')
    diskFull = true
    expect(fromHar(charles, '--out', out)).toEqual({
      code: 1,
      err: [`scenarios from-har: ${out} cannot be written (ENOSPC: no space left on device) (nothing written)`],
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('names the world file and ENOSPC on a full disk, and leaves no world behind', () => {
    const dir = temporaryDirectory('dts-har-faults-')
    const world = join(dir, 'world')
    diskFull = true
    const { code, err } = fromHar(charles, '--out', join(dir, 's.json'), '--world', world)
    expect(code).toBe(1)
    expect(err).toEqual([
      expect.stringMatching(
        new RegExp(
          `^scenarios from-har: ${world}/[a-z-]+\\.json cannot be written \\(ENOSPC: no space left on device\\)`,
        ),
      ),
    ])
    expect(readdirSync(dir)).toEqual([])
  })

  it('names the scenario file and EROFS on a read-only mount, not ENOENT', () => {
    const mount = temporaryDirectory('dts-har-faults-')
    readOnly = resolve(mount)
    const inMissing = join(mount, 'recordings', 'session.scenario.json')
    const inMount = join(mount, 'session.scenario.json')
    expect(fromHar(charles, '--out', inMissing).err).toEqual([
      `scenarios from-har: ${inMissing} cannot be written: the directory ${dirname(resolve(inMissing))} cannot be created (EROFS: read-only file system) (nothing written)`,
    ])
    expect(fromHar(charles, '--out', inMount).err).toEqual([
      `scenarios from-har: ${inMount} cannot be written: the directory ${resolve(mount)} cannot be written (EROFS: read-only file system) (nothing written)`,
    ])
    expect(readdirSync(mount)).toEqual([])
  })
})
