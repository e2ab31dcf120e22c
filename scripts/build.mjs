/**
 * Bundles the standalone server's CLI into dist/ with esbuild (msw in a chunk of its own), so that
 * `npm start` runs one prebuilt file instead of compiling ~300 TypeScript modules through tsx at
 * every start, and builds a V8 startup snapshot of it (dist/snapshot/), which spares a start
 * compiling and evaluating those modules: what scripts/start.sh runs when it is fresh and was built
 * by the same Node. Run by `npm install` (prepare) and, when sources changed, by scripts/start.mjs.
 *
 * It validates the bundled default fixtures first (a mistake fails the build with the file name and
 * the path of the bad field, as at load) and then tells the bundle so (src/model/prevalidated.ts),
 * which spares every start the schema validation of the same files: a fifth of the start-up.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const entries = { cli: 'src/runtimes/cli/main.ts' }
export const snapshotEntry = 'src/runtimes/cli/snapshot-main.ts'

/** The V8 flags of the server's Node (scripts/node-flags, read by start.sh too): a snapshot runs only under the flags it was built with. */
export function serverNodeFlags() {
  return readFileSync(join(root, 'scripts', 'node-flags'), 'utf8').trim().split(/\s+/)
}

/**
 * Throws the loader's own FixtureError (file name and field path) when a bundled fixture is wrong.
 * @param projectRoot the project whose src/ and fixtures/ are checked (tests pass a copy).
 */
export async function validateDefaultFixtures(projectRoot = root) {
  const { build } = await import('esbuild')
  const check = await build({
    stdin: {
      contents: "import { defaultFixtures } from './src/model/default-fixtures.ts'\nimport { parseWorld } from './src/model/world.ts'\nparseWorld(defaultFixtures)\n",
      resolveDir: projectRoot,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  })
  const work = mkdtempSync(join(tmpdir(), 'dts-build-'))
  try {
    const file = join(work, 'validate-fixtures.mjs')
    writeFileSync(file, check.outputFiles[0].text)
    await import(pathToFileURL(file).href)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * The CLI's two module swaps: src/model/prevalidated.ts says true (bundled only after
 * validateDefaultFixtures passed), and src/model/world-generator.ts becomes its lazy twin, so the
 * world generator and faker's pt_BR and en locales load only when a world is generated.
 */
const cliModuleSwaps = {
  name: 'cli-module-swaps',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]model[\\/]prevalidated\.ts$/ }, () => ({
      contents: 'export const defaultFixturesPrevalidated = true\n',
      loader: 'ts',
    }))
    build.onResolve({ filter: /[\\/]world-generator\.ts$/ }, (args) => ({
      path: join(args.resolveDir, args.path.replace(/world-generator\.ts$/, 'world-generator-lazy.ts')),
    }))
  },
}

/**
 * Node's snapshot builder lets a script require only some built-in modules (node:http is not one
 * on Node 20: it fails while loading), so the snapshot bundle gets each built-in as a module of
 * getters that require it on first use: after deserialization, when every built-in works.
 */
const builtinsOnFirstUse = {
  name: 'builtins-on-first-use',
  setup(build) {
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))
    const requireHere = createRequire(import.meta.url)
    build.onResolve({ filter: /.*/ }, (args) =>
      builtins.has(args.path) && args.namespace !== 'builtin-on-first-use' ? { path: args.path.replace(/^node:/, ''), namespace: 'builtin-on-first-use' } : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'builtin-on-first-use' }, (args) => {
      const id = JSON.stringify(`node:${args.path}`)
      const getters = Object.keys(requireHere(args.path)).map(
        (key) => `Object.defineProperty(exports, ${JSON.stringify(key)}, { enumerable: true, get: () => load()[${JSON.stringify(key)}] })`,
      )
      return { contents: [`let loaded\nconst load = () => (loaded ??= require(${id}))`, ...getters, "Object.defineProperty(exports, 'default', { enumerable: true, get: load })"].join('\n'), loader: 'js' }
    })
  },
}

/**
 * dist/snapshot/: cli.cjs (one CommonJS file: what `--build-snapshot` takes), cli.blob (the
 * snapshot) and built-by (the Node binary that built it: a snapshot loads only in the same Node).
 * When this Node cannot build one, it says why and leaves none: npm start then runs dist/cli.mjs.
 */
async function buildSnapshot() {
  const { build } = await import('esbuild')
  const dir = join(root, 'dist', 'snapshot')
  mkdirSync(dir, { recursive: true })
  await build({
    plugins: [cliModuleSwaps, builtinsOnFirstUse],
    entryPoints: [join(root, snapshotEntry)],
    outfile: join(dir, 'cli.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    // No import.meta in CommonJS: the bundle's own URL stands in for it.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  })
  try {
    execFileSync(process.execPath, [...serverNodeFlags(), '--snapshot-blob', join(dir, 'cli.blob'), '--build-snapshot', join(dir, 'cli.cjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    console.warn(`debt-token-simulator: no V8 startup snapshot with Node ${process.version} (npm start runs dist/cli.mjs instead): ${String(error?.stderr ?? error).trim().split('\n')[0]}`)
    return
  }
  writeFileSync(join(dir, 'built-by'), `${process.execPath}\n`)
}

export async function buildCli() {
  const { build } = await import('esbuild')
  await validateDefaultFixtures()
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  await build({
    plugins: [cliModuleSwaps],
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(root, path)])),
    outdir: join(root, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // msw (and graphql, tough-cookie…) is imported only for the msw engine: keep it in a chunk
    // the direct engine never loads.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS dependencies may call require(); give them one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  })
  await buildSnapshot()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  try {
    await buildCli()
  } catch (error) {
    if (error?.name !== 'FixtureError') throw error
    console.error(`debt-token-simulator: ${error.message}`)
    process.exit(1)
  }
  console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`)
}
