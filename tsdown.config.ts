/**
 * The package's library, built with tsdown (a bundler made for libraries that writes ESM and
 * bundled `.d.ts` from the same sources: rolldown for the JavaScript, the TypeScript compiler for
 * the declarations) by `npm run build` (scripts/build.mjs, through tsdown's API), which `prepack` runs
 * (`npm pack`, `npm publish`, a git install).
 *
 * The six entries of the exports map, as ESM and as CommonJS (Jest's default, ts-jest,
 * babel-jest), each with its declarations. @msw/data, the store of written records, is bundled in
 * with the parts of es-toolkit, mutative, rettime and outvariant it uses: installed, it is about a
 * thousand modules to import, bundled one chunk, which a process imports on its first write
 * (decision 0024; @msw/data ships no CommonJS); zod too (its ~100 modules cost more to import than
 * the bundled copy). Their licence notices are copied to dist/licenses/.
 * The peer dependencies (msw, @playwright/test, @msw/playwright) stay imports, so the user's
 * handlers and ours share one msw and Playwright's test runner is the user's own; faker stays an
 * import in the ES build and is bundled into the CommonJS files only (see BUNDLED_IN_COMMONJS).
 *
 * The command (dist/cli/) and the dashboard page (dist/dashboard/) need no declarations: esbuild
 * builds them (scripts/build-apps.mjs), after this, in `npm run build` (scripts/build.mjs), and
 * again in `npm start` when a source changed. The library's `clean` empties dist/ first.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'tsdown'

/** What @msw/data brings, bundled with it (see above); their licences go to dist/licenses/. */
const BUNDLED = ['@msw/data', 'es-toolkit', 'mutative', 'rettime', 'outvariant']

/**
 * Bundled into the CommonJS files only: faker ships ES modules only, and Jest's CommonJS runtime
 * cannot `require()` an ES module (plain Node ≥ 22.12 can; Jest only on Node ≥ 24.9 under
 * --experimental-vm-modules), so a `require('debt-token-simulator/node')` that reached
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

/**
 * The CommonJS build's node-faker.ts: the one that imports faker with the entry (faker is bundled
 * there, see BUNDLED_IN_COMMONJS) instead of requiring it on first use.
 */
const eagerFakerInCommonJs: NonNullable<UserConfig['plugins']> = {
  name: 'eager-faker-in-commonjs',
  resolveId(source) {
    if (source.endsWith('/node-faker.ts'))
      return fileURLToPath(new URL('src/runtimes/msw/node-faker.bundled.ts', import.meta.url))
    return null
  },
}

/**
 * The ES build's Node-only modules that require on demand what the sources and the CommonJS build
 * import: node-generator.ts (the generator's entry, dist/generator.js, on the first generated value)
 * and node-msw-http.ts (msw's `http` from its own module, not msw's main entry). The generator's
 * entry itself, which has no importer, is left as it is.
 */
const REQUIRED_IN_ESM: Readonly<Record<string, URL>> = {
  '/node-generator.ts': new URL('src/runtimes/msw/node-generator.required.ts', import.meta.url),
  '/node-msw-http.ts': new URL('src/runtimes/msw/node-msw-http.required.ts', import.meta.url),
}
const requiredInEsm: NonNullable<UserConfig['plugins']> = {
  name: 'required-in-esm',
  resolveId(source, importer) {
    const module = Object.keys(REQUIRED_IN_ESM).find((name) => source.endsWith(name))
    if (importer !== undefined && module !== undefined) return fileURLToPath(REQUIRED_IN_ESM[module] as URL)
    return null
  },
}

export default defineConfig({
  name: 'library',
  entry: {
    index: 'src/index.ts',
    node: 'src/runtimes/node.ts',
    browser: 'src/runtimes/browser.ts',
    standalone: 'src/runtimes/standalone/index.ts',
    playwright: 'src/runtimes/playwright/index.ts',
    storybook: 'src/runtimes/storybook/index.ts',
    // Not in the exports map: what the ES build's Node entries require on a first generated value.
    generator: 'src/runtimes/msw/node-generator.ts',
  },
  // The CommonJS half also bundles faker (see BUNDLED_IN_COMMONJS) and ships its licence.
  format: {
    esm: { plugins: [requiredInEsm] },
    cjs: {
      deps: { alwaysBundle: bundles(BUNDLED_IN_COMMONJS), skipNodeModulesBundle: false },
      plugins: [eagerFakerInCommonJs],
      copy: [licenceOf('@faker-js/faker')],
    },
  },
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  fixedExtension: false,
  dts: true,
  clean: true,
  // import.meta.url in the CommonJS build (the dashboard's assets are found from it).
  shims: true,
  deps: { alwaysBundle: bundles(['zod', ...BUNDLED]) },
  copy: BUNDLED.map(licenceOf),
  // The declarations' build is slow by nature; rolldown's note saying so is noise.
  inputOptions: { checks: { pluginTimings: false } },
})
