/**
 * Builds the two programs of the package that need no declarations: the command (dist/cli/, the
 * package's bin, what `npm start` and `npm run replay` run) with rolldown, and the dashboard page
 * (dist/dashboard/, served at `GET /__sim/ui`) with esbuild. `npm run build` runs it after tsdown's
 * library build (scripts/build.mjs); scripts/start.mjs runs it again only when a source changed since.
 * Together they take about a second and print nothing on the Node versions the package supports,
 * so a start after an edit stays quick and quiet.
 *
 * - The command: minified ES modules with zod and @msw/data (and the parts of es-toolkit,
 *   mutative, rettime and outvariant it uses) bundled in; msw and faker stay imports (the package's
 *   dependencies and peers). `cli.js`, the bin, turns on Node's compile cache, then imports the
 *   command. Everything the command imports statically (what `serve` needs to answer) is one chunk,
 *   `command-<hash>.js`; what it imports with `import()` (the other subcommands, the control API, the
 *   world generator with faker's locales, the coverage report's builder) are chunks of their own,
 *   loaded when used. Decision 0027 says why rolldown and one chunk: each module of a start costs
 *   its own resolution and load, and code a bundle defers inside its one file is compiled again
 *   at every start, outside the compile cache. Licences of the bundled packages: dist/licenses/
 *   (tsdown.config.ts copies them).
 * - The dashboard: browser code (Preact, bundled), one minified module and its style sheet.
 *
 * It writes dist/.apps-build.json last: the files written, and each file the programs were built
 * from with its modification time (the bundlers' own lists of what they read, but installed
 * packages, which change only with package-lock.json), which scripts/start.mjs compares against.
 */
import { chmodSync, copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Where the list of what the last build read is written (not shipped: see package.json "files"). */
export const STAMP = join(root, 'dist', '.apps-build.json')

/** Files that shape every build without being read by the bundlers as modules. */
const BUILD_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-apps.mjs']

/** Dependencies bundled into the command although they are the package's dependencies. */
const BUNDLED_DEPENDENCIES = ['zod']

const DASHBOARD_CSS = 'src/dashboard/page/dashboard.css'

/**
 * Builtins the command takes through `process.getBuiltinModule` instead of an ES import, whose
 * named exports Node reads whole, lazy getters included: node:http's load undici, node:fs's
 * `promises` its promise API, node:util's its abort helpers, none of which the command uses
 * (decision 0024). The stand-in module reads only the names the sources import from it: a build
 * runs on one Node and the command on others, where another property may have become a getter
 * that warns when read (node:fs's `F_OK` on Node 24: DEP0176). An import of a name that is not a
 * data property where the build runs fails the build ("No matching export").
 */
const BUILTINS_WITHOUT_GETTERS = /^node:(fs|http|util)$/

/** The names the sources import (not as types) from `builtin`, such as `node:fs`. */
function importedNames(builtin) {
  const pattern = new RegExp(String.raw`import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]${builtin}['"]`, 'g')
  const names = new Set()
  for (const file of readdirSync(join(root, 'src'), { recursive: true })) {
    if (!/\.tsx?$/.test(file)) continue
    for (const [, typeOnly, specifiers] of readFileSync(join(root, 'src', file), 'utf8').matchAll(pattern)) {
      if (typeOnly !== undefined) continue
      for (const specifier of specifiers.split(',').map((part) => part.trim())) {
        if (specifier === '' || specifier.startsWith('type ')) continue
        names.add(specifier.split(/\s+as\s+/)[0])
      }
    }
  }
  return names
}

const builtinsWithoutGetters = {
  name: 'builtins-without-getters',
  resolveId(source) {
    return BUILTINS_WITHOUT_GETTERS.test(source) ? `\0builtin:${source}` : null
  },
  load(id) {
    if (!id.startsWith('\0builtin:')) return null
    const path = id.slice('\0builtin:'.length)
    const imported = importedNames(path)
    const names = Object.entries(Object.getOwnPropertyDescriptors(process.getBuiltinModule(path)))
      .filter(([name, descriptor]) => 'value' in descriptor && imported.has(name))
      .map(([name]) => name)
    return `const builtin = process.getBuiltinModule(${JSON.stringify(path)})
export default builtin
export const { ${names.join(', ')} } = builtin
`
  },
}

/** The command's module (the bin imports it once the compile cache is on). */
const COMMAND = join(root, 'src', 'runtimes', 'cli', 'cli.ts')

/**
 * The modules the command imports statically, found once the graph is built: the one chunk a
 * start loads. What they reach only through `import()` is left to rolldown's own chunks.
 */
function startClosure() {
  const modules = new Set()
  const plugin = {
    name: 'start-closure',
    buildEnd() {
      const pending = [COMMAND]
      while (pending.length > 0) {
        const id = pending.pop()
        if (modules.has(id)) continue
        modules.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  return { plugin, has: (id) => modules.has(id) }
}

/** The package's dependencies and peers the command imports at run time (with their subpaths). */
function commandExternals() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(
    (name) => !BUNDLED_DEPENDENCIES.includes(name),
  )
  return (id) =>
    (id.startsWith('node:') && !BUILTINS_WITHOUT_GETTERS.test(id)) ||
    names.some((name) => id === name || id.startsWith(`${name}/`))
}

/** The project's own files of a list of paths a bundler read (not the builtins' stand-ins, `\0` ids that are no files). */
function ownSources(paths) {
  return paths
    .map((path) => (isAbsolute(path) ? relative(root, path) : path))
    .filter((path) => !path.split(/[\\/]/).includes('node_modules') && !path.startsWith('\0'))
}

/**
 * The modification time a source is recorded with: its own, unless it changed while the build ran
 * (the build may have read either version), then -1, which no file has, so the next start rebuilds.
 */
function recordedMtime(file, startedAt) {
  const { mtimeMs } = statSync(join(root, file))
  return mtimeMs >= startedAt ? -1 : mtimeMs
}

/** Builds dist/cli/: resolves with the files written and the modules read. */
async function buildCommand(cliDir) {
  const { build } = await import('rolldown')
  const closure = startClosure()
  const { output } = await build({
    cwd: root,
    input: { cli: join(root, 'src', 'runtimes', 'cli', 'main.ts') },
    platform: 'node',
    external: commandExternals(),
    plugins: [builtinsWithoutGetters, closure.plugin],
    tsconfig: join(root, 'tsconfig.json'),
    transform: { target: 'node22' },
    logLevel: 'warn',
    output: {
      dir: cliDir,
      format: 'esm',
      minify: true,
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      codeSplitting: { groups: [{ name: 'command', test: closure.has }] },
    },
  })
  return {
    outputs: output.map((file) => relative(root, join(cliDir, file.fileName))),
    read: output.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])),
  }
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
  const [cli, dashboard] = await Promise.all([
    buildCommand(cliDir),
    build({
      absWorkingDir: root,
      bundle: true,
      format: 'esm',
      minify: true,
      metafile: true,
      logLevel: 'warning',
      entryPoints: { dashboard: 'src/dashboard/page/main.tsx' },
      platform: 'browser',
      target: 'es2022',
      outdir: dashboardDir,
    }),
  ])
  chmodSync(join(cliDir, 'cli.js'), 0o755)
  copyFileSync(join(root, DASHBOARD_CSS), join(dashboardDir, 'dashboard.css'))
  const outputs = [...cli.outputs, ...Object.keys(dashboard.metafile.outputs), 'dist/dashboard/dashboard.css'].sort()
  const read = [
    ...BUILD_FILES,
    ...ownSources(cli.read),
    ...ownSources(Object.keys(dashboard.metafile.inputs)),
    DASHBOARD_CSS,
  ]
  const sources = Object.fromEntries([...new Set(read)].sort().map((file) => [file, recordedMtime(file, startedAt)]))
  writeFileSync(STAMP, `${JSON.stringify({ sources, outputs }, null, 1)}\n`)
  return outputs.map((output) => relative(root, join(root, output)))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApps()
