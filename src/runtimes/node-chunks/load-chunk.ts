/**
 * How Node loads the library's largest chunks: zod, @msw/data, the contract and the model, about
 * 750 kB that every test file, Playwright worker and command imports before its first answer.
 * Compiling them is most of an import's cost (about 13 ms of 30 on this project's 2-core machine),
 * and a test suite pays it again in every file, as each runs in a fresh process.
 *
 * So Node loads them as scripts compiled with V8's code cache, the mechanism Node ≥ 22.1 offers
 * for its own modules (`module.enableCompileCache()`), which Node 20 has only for scripts: the
 * first process compiles and writes the cache, the next ones read it. `npm run build`
 * (scripts/build-node-chunks.mjs) writes each such chunk twice: as the ES module the browser and
 * bundlers load, and as a script (dist/node-chunks/*.cjs, the same code in CommonJS form) with an
 * ES module in front of it (dist/node-chunks/*.js) that calls `loadChunk()`. The package's
 * `imports` field sends Node to the latter, everything else to the former; all of the package's
 * entries reach the chunks through it, so a process has one copy of them whatever entries it
 * imports. Node is told apart by the `node-addons` condition, which Node sets and bundlers do not
 * (their `node` condition would send a server bundle to a loader that reads files beside it, which
 * a bundle does not have; `node --no-addons` gets the ES modules).
 *
 * The cache lives in `node_modules/.cache/debt-token-simulator/` (where Vite and Babel keep
 * theirs), one file per chunk, named after the chunk (whose name holds a hash of its code) and the
 * V8 version and flags it was made by; V8 itself refuses a cache made for other code or flags, and
 * a cache that cannot be read or written only costs the compilation it would have saved.
 * `DEBT_TOKEN_SIMULATOR_COMPILE_CACHE=off` turns it off; set to a directory, it is kept there.
 *
 * A module loaded inside a `vm` context (vitest's vmThreads and vmForks pools, Jest) must create
 * its objects in that context, not in Node's main one (`instanceof` would fail between them); there
 * the chunks compile with `new Function`, in the caller's context, without a cache.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { runInThisContext, Script } from 'node:vm'

type Exports = Record<string, unknown>

/** A chunk's code, wrapped as CommonJS wraps a module, plus `__import` for its `import()` calls. */
type ChunkBody = (
  exports: Exports,
  require: (specifier: string) => unknown,
  module: { exports: Exports },
  __import: (specifier: string, options?: ImportCallOptions) => Promise<unknown>,
) => void

const PARAMETERS = ['exports', 'require', 'module', '__import'] as const

/**
 * How the build wraps each script (scripts/build-node-chunks.mjs), so that V8 compiles the file's
 * text as it is: wrapping it here would copy 750 kB of source in every process (1.5-4 ms of CPU).
 */
const HEAD = `(function (${PARAMETERS.join(', ')}) {`
const TAIL = '\n})'

/** The setting's name; its value is `off` or a directory. */
const SETTING = 'DEBT_TOKEN_SIMULATOR_COMPILE_CACHE'

const here = dirname(fileURLToPath(import.meta.url))
const loaded = new Map<string, Exports>()
const loading = new Set<string>()
/** Scripts whose cache is written once the importing module has run (see `writeCaches`). */
const unsaved: { script: Script; file: string }[] = []

/** The exports of the chunk `name` (its file name without extension), loaded once per process. */
export function loadChunk(name: string): Exports {
  const done = loaded.get(name)
  if (done !== undefined) return done
  if (loading.has(name)) throw new Error(`debt-token-simulator: chunk ${name} requires itself`)
  loading.add(name)
  try {
    const file = join(here, `${name}.cjs`)
    const module = { exports: {} as Exports }
    compile(file, readFileSync(file, 'utf8'))(module.exports, requireInChunk, module, importInChunk)
    loaded.set(name, module.exports)
    return module.exports
  } finally {
    loading.delete(name)
  }
}

/** A chunk's name in the specifiers its code uses for another chunk (`./name.js`). */
const chunkNamed = (specifier: string) => /^\.\/([^/]+)\.js$/.exec(specifier)?.[1]

/** `require()` in a chunk: another chunk, the only static import the build lets a script have. */
function requireInChunk(specifier: string): unknown {
  const chunk = chunkNamed(specifier)
  if (chunk === undefined) throw new Error(`debt-token-simulator: a chunk required ${specifier}, which is not a chunk`)
  return loadChunk(chunk)
}

/**
 * `import()` in a chunk: a package, or another chunk: its front module here when it is a script
 * too (the copy `loadChunk()` has, so a process keeps one), else the ES module in dist/.
 */
function importInChunk(specifier: string, options?: ImportCallOptions): Promise<unknown> {
  const chunk = chunkNamed(specifier)
  if (chunk === undefined) return import(specifier, options)
  const file = existsSync(join(here, `${chunk}.cjs`)) ? join(here, `${chunk}.js`) : join(here, '..', `${chunk}.js`)
  return import(pathToFileURL(file).href, options)
}

/** True where `vm.runInThisContext()` runs code in the caller's context (Node's main one). */
function inMainContext(): boolean {
  try {
    return runInThisContext('globalThis') === globalThis
  } catch {
    return false
  }
}

function compile(file: string, source: string): ChunkBody {
  if (!source.startsWith(HEAD) || !source.endsWith(TAIL))
    throw new Error(`debt-token-simulator: ${file} is not a chunk as the build writes one; reinstall the package`)
  if (!inMainContext()) {
    const body = source.slice(HEAD.length, -TAIL.length)
    return new Function(...PARAMETERS, `${body}\n//# sourceURL=${pathToFileURL(file).href}`) as ChunkBody
  }
  const cacheFile = cacheFileFor(file, source)
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile)
  const script = new Script(source, { filename: file, cachedData })
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    // Not unref'd: a process whose work is all promises (msw in-process) never reaches an unref'd one.
    if (unsaved.length === 0) setImmediate(writeCaches)
    unsaved.push({ script, file: cacheFile })
  }
  return script.runInThisContext() as ChunkBody
}

/**
 * Writes the caches of the scripts compiled without one. Not at once: after the importing module
 * has run, so that the cache also holds the functions its first calls compiled (V8 compiles a
 * function when it first runs, and a cache holds what was compiled when it was made).
 */
function writeCaches(): void {
  for (const { script, file } of unsaved.splice(0)) {
    try {
      mkdirSync(dirname(file), { recursive: true })
      const partial = `${file}.${process.pid}.tmp`
      writeFileSync(partial, script.createCachedData())
      renameSync(partial, file)
    } catch {
      // A cache that cannot be written (a read-only install, a full disk) is only a slower start.
    }
  }
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/**
 * The cache file for a chunk, or undefined when caching is off. A chunk's name ends in a hash of
 * its code (tsdown's), so a changed chunk is a new name; its length is there too, as V8 checks it.
 */
function cacheFileFor(file: string, source: string): string | undefined {
  const dir = cacheDirectory()
  if (dir === undefined) return undefined
  const name = file.slice(here.length + 1).replace(/\.cjs$/, '')
  return join(dir, `${name}-${source.length}-${runtimeKey()}.v8`)
}

function cacheDirectory(): string | undefined {
  const setting = process.env[SETTING]
  if (setting === 'off') return undefined
  if (setting !== undefined && setting !== '') return setting
  // The install's node_modules (the outermost one, under pnpm), or the package's own when it is not installed.
  const root = join(here, '..', '..')
  const at = root.indexOf(`${sep}node_modules${sep}`)
  const modules = at === -1 ? join(root, 'node_modules') : root.slice(0, at + `${sep}node_modules`.length)
  return join(modules, '.cache', 'debt-token-simulator')
}

/** What V8 checks a cache against besides the code: its version, the architecture and the flags. */
function runtimeKey(): string {
  const text = [process.versions.v8, process.arch, ...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0')
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}
