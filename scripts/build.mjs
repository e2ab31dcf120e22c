/**
 * Bundles the standalone server's CLI into dist/ with esbuild (msw in a chunk of its own), so that
 * `npm start` runs one prebuilt file instead of compiling ~300 TypeScript modules through tsx at
 * every start. Run by `npm install` (prepare) and, when sources changed, by scripts/start.mjs.
 *
 * It validates the bundled default fixtures first (a mistake fails the build with the file name and
 * the path of the bad field, as at load) and then tells the bundle so (src/model/prevalidated.ts),
 * which spares every start the schema validation of the same files: a fifth of the start-up.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const entries = { cli: 'src/runtimes/cli/main.ts' }

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
