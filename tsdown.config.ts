/**
 * The package's build (`npm run build`, run by `prepare` and so by `npm install` and `npm pack`),
 * with tsdown: a bundler made for libraries that writes ESM and bundled `.d.ts` from the same
 * sources (rolldown for the JavaScript, the TypeScript compiler for the declarations).
 *
 * - `library`: the five entries of the exports map, as ESM and as CommonJS (Jest's default, ts-jest,
 *   babel-jest), each with its declarations. @msw/data, the store of written records, is bundled in
 *   with the parts of es-toolkit, mutative, rettime and outvariant it uses: installed, it is about
 *   a thousand modules and 0.6-0.9 s to import on a busy machine, bundled one chunk that loads with
 *   the entry, so no user's first write waits for it (and @msw/data ships no CommonJS). Their
 *   licence notices are copied to dist/licenses/. The other dependencies and the peer dependencies
 *   (msw, @playwright/test, @msw/playwright) stay imports, so an app that also uses faker or msw
 *   gets one copy of each, and Playwright's test runner is the user's own; only the CommonJS files
 *   also bundle faker, which ships ES modules only (see BUNDLED_IN_COMMONJS).
 * - `cli`: the command (`dist/cli/cli.js`, the package bin). Same modules, but zod is bundled in and the
 *   file minified: a start then reads one file instead of zod's ~100 modules, which is what keeps
 *   start to first response within twice a bare node:http server's (docs/performance.md). msw,
 *   @msw/data and faker stay imports; the world generator (with faker's largest locales) loads
 *   only when a world is generated.
 * - `dashboard`: the page `GET /__sim/ui` serves (src/dashboard/, browser code), one minified ES
 *   module with Preact bundled in, and its style sheet, in `dist/dashboard/`: the package ships every
 *   file the page loads, so it works offline.
 */
import { readdirSync } from 'node:fs'
import { defineConfig } from 'tsdown'

/** What @msw/data brings, bundled with it (see above); their licences go to dist/licenses/. */
const BUNDLED = ['@msw/data', 'es-toolkit', 'mutative', 'rettime', 'outvariant']

/**
 * Bundled into the CommonJS files only: faker ships ES modules only, and Jest's CommonJS runtime
 * cannot `require()` an ES module (plain Node ≥ 20.19 can; Jest on Node 20 cannot, on Node 24 only
 * under --experimental-vm-modules), so a `require('debt-token-simulator/node')` that reached
 * faker failed under Jest's defaults. The ES build keeps importing the user's faker.
 */
const BUNDLED_IN_COMMONJS = ['zod', ...BUNDLED, '@faker-js/faker']

/**
 * Dependencies proper (package.json `dependencies`, installed with the package): where their code is
 * bundled, their declarations still stay `import … from 'zod'`. Inlined into our .d.ts, zod's
 * declarations fail a user's type check under `skipLibCheck: false` (TS2636 on its variance
 * annotations); as zod ships them they pass, and users get zod's types as zod documents them.
 */
const DEPENDENCIES = ['zod', '@faker-js/faker']

const isPackage = (id: string, names: readonly string[]) =>
  names.some((name) => id === name || id.startsWith(`${name}/`))

/**
 * `deps.alwaysBundle` for `names`, in tsdown's resolved form (a function; a per-format override is
 * not resolved again): the code of each, and the declarations of all but DEPENDENCIES.
 */
const bundles =
  (names: readonly string[]) =>
  (id: string, importer: string | undefined): boolean =>
    isPackage(id, names) && !(importer !== undefined && /\.d\.[cm]?ts$/.test(importer) && isPackage(id, DEPENDENCIES))

/** A bundled package's licence file, copied to dist/licenses/<name>.txt (the file's name varies). */
function licenceOf(name: string): { from: string; to: string; rename: string } {
  const folder = `node_modules/${name}`
  const file = readdirSync(folder).find((entry) => /^licen[cs]e/i.test(entry))
  if (file === undefined) throw new Error(`${name} ships no licence file: its notice must go with the bundle`)
  return { from: `${folder}/${file}`, to: 'dist/licenses', rename: `${name.replace('/', '__')}.txt` }
}

const common = {
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  fixedExtension: false,
  // The declarations' build is slow by nature; rolldown's note saying so is noise.
  inputOptions: { checks: { pluginTimings: false } },
} as const

export default defineConfig([
  {
    ...common,
    name: 'library',
    entry: {
      index: 'src/index.ts',
      node: 'src/runtimes/node.ts',
      browser: 'src/runtimes/browser.ts',
      standalone: 'src/runtimes/standalone/index.ts',
      playwright: 'src/runtimes/playwright/index.ts',
    },
    // The CommonJS half also bundles faker (see BUNDLED_IN_COMMONJS) and ships its licence.
    format: {
      esm: {},
      cjs: {
        deps: { alwaysBundle: bundles(BUNDLED_IN_COMMONJS), skipNodeModulesBundle: false },
        copy: [licenceOf('@faker-js/faker')],
      },
    },
    dts: true,
    clean: true,
    // import.meta.url in the CommonJS build (the dashboard's assets are found from it).
    shims: true,
    deps: { alwaysBundle: bundles(['zod', ...BUNDLED]) },
    copy: BUNDLED.map(licenceOf),
  },
  {
    ...common,
    name: 'cli',
    dts: false,
    entry: { cli: 'src/runtimes/cli/main.ts' },
    // Its own folder with stable names, so that `npm start` (which rebuilds only this) replaces its files.
    outDir: 'dist/cli',
    hash: false,
    clean: true,
    deps: { alwaysBundle: ['zod', ...BUNDLED] },
    minify: true,
    sourcemap: false,
  },
  {
    ...common,
    name: 'dashboard',
    platform: 'browser',
    target: 'es2022',
    dts: false,
    entry: { dashboard: 'src/dashboard/main.tsx' },
    outDir: 'dist/dashboard',
    hash: false,
    clean: true,
    minify: true,
    sourcemap: false,
    copy: [{ from: 'src/dashboard/dashboard.css', to: 'dist/dashboard' }],
  },
])
