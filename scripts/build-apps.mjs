/**
 * Builds the two programs of the package that need no declarations, with esbuild: the command
 * (dist/cli/, the package's bin, what `npm start` and `npm run replay` run) and the dashboard page
 * (dist/dashboard/, served at `GET /__sim/ui`). `npm run build` runs it after tsdown's library
 * build (scripts/build.mjs); scripts/start.mjs runs it again only when a source changed since.
 *
 * esbuild rather than tsdown: it builds both in about a tenth of a second and prints nothing on
 * the Node versions the package supports, so a start after an edit stays fast and quiet.
 *
 * - The command: one minified ES module with zod and @msw/data (and the parts of es-toolkit,
 *   mutative, rettime and outvariant it uses) bundled in, so a start reads a few files instead of
 *   about a thousand modules; msw and faker stay imports (the package's dependencies and peers).
 *   The world generator (with faker's locales) is a chunk imported only when used. Licences of
 *   the bundled packages: dist/licenses/ (tsdown.config.ts copies them).
 * - The dashboard: browser code (Preact, bundled), one minified module and its style sheet.
 *
 * It writes dist/.apps-build.json last: the files written, and each file the programs were built
 * from with its modification time (esbuild's own list of what it read, but installed packages,
 * which change only with package-lock.json), which scripts/start.mjs compares against.
 */
import { chmodSync, copyFileSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Where the list of what the last build read is written (not shipped: see package.json "files"). */
export const STAMP = join(root, 'dist', '.apps-build.json')

/** Files that shape every build without being read by esbuild as modules. */
const BUILD_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-apps.mjs']

/** Dependencies bundled into the command although they are the package's dependencies. */
const BUNDLED_DEPENDENCIES = ['zod']

const DASHBOARD_CSS = 'src/dashboard/page/dashboard.css'

/**
 * Builtins the command takes through `process.getBuiltinModule` instead of an ES import, whose
 * named exports Node reads whole, lazy getters included: node:http's load undici, node:fs's
 * `promises` its promise API, node:util's its abort helpers, none of which the command uses
 * (decision 0024). The stand-in module exports the builtin's data properties under their names;
 * an import of one of the getters fails the build ("No matching export").
 */
const BUILTINS_WITHOUT_GETTERS = /^node:(fs|http|util)$/

const builtinsWithoutGetters = {
  name: 'builtins-without-getters',
  setup(build) {
    build.onResolve({ filter: BUILTINS_WITHOUT_GETTERS }, ({ path }) => ({ path, namespace: 'builtin' }))
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, ({ path }) => {
      const names = Object.entries(Object.getOwnPropertyDescriptors(process.getBuiltinModule(path)))
        .filter(([name, descriptor]) => 'value' in descriptor && /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default')
        .map(([name]) => name)
      const contents = `const builtin = process.getBuiltinModule(${JSON.stringify(path)})
export default builtin
export const { ${names.join(', ')} } = builtin
`
      return { contents, loader: 'js' }
    })
  },
}

/** The package's dependencies and peers the command imports at run time (with their subpaths). */
function commandExternals() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
    .filter((name) => !BUNDLED_DEPENDENCIES.includes(name))
    .flatMap((name) => [name, `${name}/*`])
}

/** The project's own files esbuild read (not the builtins' stand-ins, which are no files). */
function sourcesOf(metafile) {
  return Object.keys(metafile.inputs).filter(
    (input) => !input.split('/').includes('node_modules') && !input.startsWith('builtin:'),
  )
}

/**
 * The modification time a source is recorded with: its own, unless it changed while the build ran
 * (the build may have read either version), then -1, which no file has, so the next start rebuilds.
 */
function recordedMtime(file, startedAt) {
  const { mtimeMs } = statSync(join(root, file))
  return mtimeMs >= startedAt ? -1 : mtimeMs
}

/** Builds dist/cli/ and dist/dashboard/, then writes the stamp; resolves with the files written. */
export async function buildApps() {
  const { build } = await import('esbuild')
  const startedAt = Date.now()
  const cliDir = join(root, 'dist', 'cli')
  const dashboardDir = join(root, 'dist', 'dashboard')
  rmSync(STAMP, { force: true })
  rmSync(cliDir, { recursive: true, force: true })
  rmSync(dashboardDir, { recursive: true, force: true })
  const common = { absWorkingDir: root, bundle: true, format: 'esm', minify: true, metafile: true, logLevel: 'warning' }
  const [cli, dashboard] = await Promise.all([
    build({
      ...common,
      entryPoints: { cli: 'src/runtimes/cli/main.ts' },
      platform: 'node',
      target: 'node22',
      splitting: true,
      outdir: cliDir,
      chunkNames: '[name]-[hash]',
      external: commandExternals(),
      plugins: [builtinsWithoutGetters],
    }),
    build({
      ...common,
      entryPoints: { dashboard: 'src/dashboard/page/main.tsx' },
      platform: 'browser',
      target: 'es2022',
      outdir: dashboardDir,
    }),
  ])
  chmodSync(join(cliDir, 'cli.js'), 0o755)
  copyFileSync(join(root, DASHBOARD_CSS), join(dashboardDir, 'dashboard.css'))
  const outputs = [
    ...Object.keys(cli.metafile.outputs),
    ...Object.keys(dashboard.metafile.outputs),
    'dist/dashboard/dashboard.css',
  ].sort()
  const read = [...BUILD_FILES, ...sourcesOf(cli.metafile), ...sourcesOf(dashboard.metafile), DASHBOARD_CSS]
  const sources = Object.fromEntries([...new Set(read)].sort().map((file) => [file, recordedMtime(file, startedAt)]))
  writeFileSync(STAMP, `${JSON.stringify({ sources, outputs }, null, 1)}\n`)
  return outputs.map((output) => relative(root, join(root, output)))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApps()
