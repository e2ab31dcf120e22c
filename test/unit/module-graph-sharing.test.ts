/**
 * Most projects share one module graph per worker (`isolate: false` in vitest.config.ts): a file
 * that mocks or resets modules there would leave its modules to the next file in that worker, which
 * then fails or passes by the order the files ran in. Such a file must be listed among the isolated
 * ones, which get a module graph each.
 */
import { globSync, readFileSync } from 'node:fs'
import { matchesGlob } from 'node:path'
import { expect, it } from 'vitest'
import { ISOLATED_LOOPBACK_TESTS, ISOLATED_UNIT_TESTS } from '../../vitest.config.ts'

const MODULE_SWAPS = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/

it('lists every test file that mocks or resets modules among the isolated ones', () => {
  const root = new URL('../../', import.meta.url)
  const swapping = globSync(['test/**/*.test.ts', 'src/**/*.test.ts'], { cwd: root })
    .filter((file) => !file.startsWith('test/consumer/'))
    .filter((file) => MODULE_SWAPS.test(readFileSync(new URL(file, root), 'utf8')))
  expect(swapping.length).toBeGreaterThan(0)
  const isolated = [...ISOLATED_UNIT_TESTS, ...ISOLATED_LOOPBACK_TESTS]
  const shared = swapping.filter((file) => !isolated.some((pattern) => matchesGlob(file, pattern)))
  expect(shared, 'files that swap modules in a shared module graph: add them to an ISOLATED_* list').toEqual([])
})
