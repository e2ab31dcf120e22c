/**
 * The package's library, built with tsdown (a bundler made for libraries that writes ESM and
 * bundled `.d.ts` from the same sources: rolldown for the JavaScript, the TypeScript compiler for
 * the declarations) by `npm run build` (scripts/build.mjs, through tsdown's API), which `prepare`
 * runs, and so `npm install` and `npm pack`.
 *
 * The five entries of the exports map, as ESM and as CommonJS (Jest's default, ts-jest,
 * babel-jest), each with its declarations. @msw/data, the store of written records, is bundled in
 * with the parts of es-toolkit, mutative, rettime and outvariant it uses: installed, it is about a
 * thousand modules and 0.6-0.9 s to import on a busy machine, bundled one chunk that loads with the
 * entry, so no user's first write waits for it (and @msw/data ships no CommonJS). Their licence
 * notices are copied to dist/licenses/. The other dependencies and the peer dependencies (msw,
 * @playwright/test, @msw/playwright) stay imports, so an app that also uses zod, faker or msw gets
 * one copy of each, and Playwright's test runner is the user's own.
 *
 * The command (dist/cli/) and the dashboard page (dist/dashboard/) need no declarations: esbuild
 * builds them (scripts/build-apps.mjs), after this, in `npm run build` (scripts/build.mjs), and
 * again in `npm start` when a source changed. The library's `clean` empties dist/ first.
 */
import { readdirSync } from 'node:fs'
import { defineConfig } from 'tsdown'

/** What @msw/data brings, bundled with it (see above); their licences go to dist/licenses/. */
const BUNDLED = ['@msw/data', 'es-toolkit', 'mutative', 'rettime', 'outvariant']

/** A bundled package's licence file, copied to dist/licenses/<name>.txt (the file's name varies). */
function licenceOf(name: string): { from: string; to: string; rename: string } {
  const folder = `node_modules/${name}`
  const file = readdirSync(folder).find((entry) => /^licen[cs]e/i.test(entry))
  if (file === undefined) throw new Error(`${name} ships no licence file: its notice must go with the bundle`)
  return { from: `${folder}/${file}`, to: 'dist/licenses', rename: `${name.replace('/', '__')}.txt` }
}

export default defineConfig({
  name: 'library',
  entry: {
    index: 'src/index.ts',
    node: 'src/runtimes/node.ts',
    browser: 'src/runtimes/browser.ts',
    standalone: 'src/runtimes/standalone/index.ts',
    playwright: 'src/runtimes/playwright/index.ts',
  },
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  fixedExtension: false,
  dts: true,
  clean: true,
  // import.meta.url in the CommonJS build (the dashboard's assets are found from it).
  shims: true,
  deps: { alwaysBundle: ['zod', ...BUNDLED] },
  copy: BUNDLED.map(licenceOf),
  // The declarations' build is slow by nature; rolldown's note saying so is noise.
  inputOptions: { checks: { pluginTimings: false } },
})
