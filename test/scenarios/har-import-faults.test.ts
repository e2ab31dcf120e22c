/**
 * `scenarios from-har --out <file> --world <dir>` under a failing disk: the file system's rename
 * fails (EIO) when the world or the scenario is put into place, and nothing is left half-written:
 * no scenario, no world, no temporary file beside them, an empty world directory given as it was,
 * and an earlier scenario file at `--out` as it was.
 */
import type * as fs from 'node:fs'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { importHarFile } from '../../src/record-replay/har-import.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

/** The renames that fail: those onto this path. */
let failRenameOnto: string | undefined

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>()
  return {
    ...actual,
    renameSync: (from: fs.PathLike, to: fs.PathLike) => {
      if (failRenameOnto !== undefined && resolve(String(to)) === failRenameOnto)
        throw Object.assign(new Error(`EIO: i/o error, rename '${String(from)}' -> '${String(to)}'`), { code: 'EIO' })
      actual.renameSync(from, to)
    },
  }
})

afterEach(() => {
  failRenameOnto = undefined
})

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
})
