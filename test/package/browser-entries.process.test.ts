/**
 * The built entries a page loads (dist/, made by the global setup) bundle for a browser as an app's
 * bundler does it: esbuild, platform browser, every dynamic import (the world generator, faker,
 * the persistence chunk) followed. A Node built-in reached from any of them (an import the library
 * build hoisted into a chunk every entry shares, say) fails the bundle here, as it would fail a
 * user's Vite or Storybook build.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { expect, it } from 'vitest'
import { projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

it.each(['browser', 'storybook'])('dist/%s.js bundles for a browser, with no Node built-in', async (entryName) => {
  const directory = temporaryDirectory(`dts-browser-bundle-${entryName}-`)
  const entry = join(directory, 'entry.mjs')
  writeFileSync(entry, `export * from ${JSON.stringify(join(projectRoot, `dist/${entryName}.js`))}\n`)
  const result = await build({
    entryPoints: [entry],
    outdir: join(directory, 'out'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
    metafile: true,
    nodePaths: [join(projectRoot, 'node_modules')],
  })
  const inputs = Object.keys(result.metafile.inputs)
  expect(inputs.some((input) => input.includes('dist/'))).toBe(true)
  const builtIns = Object.values(result.metafile.inputs).flatMap((input) =>
    input.imports.filter((imported) => imported.path.startsWith('node:')).map((imported) => imported.path),
  )
  expect(builtIns).toEqual([])
})
