/**
 * After tsdown's ES build: its largest shared chunks also as scripts Node compiles with V8's code
 * cache (src/runtimes/node-chunks/load-chunk.ts says why and how). `npm run build` runs it
 * (scripts/build.mjs). For each chunk of the ./node entry's static graph whose imports are only
 * other such chunks and which does not read `import.meta` (zod, @msw/data, the contract, the
 * model; not the modules that import msw, whose instance must be the user's):
 *
 * - dist/node-chunks/<chunk>.cjs: the chunk as CommonJS (esbuild) in the function CommonJS wraps a
 *   module in, its `import()` calls renamed `__import` (a script cannot `import()` on Node 20
 *   without a flag);
 * - dist/node-chunks/<chunk>.js: an ES module with the chunk's exports, from `loadChunk()`;
 * - every ES module of dist/ imports the chunk as `#chunk/<chunk>.js`, which the package's `imports`
 *   field resolves to the latter in Node (its `node-addons` condition, which bundlers do not set)
 *   and to the chunk itself elsewhere.
 *
 * dist/node-chunks/load-chunk.js is src/runtimes/node-chunks/load-chunk.ts, transpiled.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, transform } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const out = join(dist, 'node-chunks')

/** Every import of each ES module of dist/ (esbuild's metafile, with nothing bundled). */
async function importsOf(files) {
  const { metafile } = await build({
    entryPoints: files.map((file) => join(dist, file)),
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    outdir: out,
    logLevel: 'silent',
    plugins: [
      {
        name: 'nothing-bundled',
        setup(on) {
          on.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
  const imports = new Map()
  for (const file of files) {
    const input = metafile.inputs[`dist/${file}`]
    if (input === undefined) throw new Error(`build-node-chunks: esbuild did not read dist/${file}`)
    imports.set(file, input.imports)
  }
  const exportsOf = new Map(
    Object.entries(metafile.outputs).map(([path, output]) => [path.split('/').pop(), output.exports]),
  )
  return { imports, exportsOf }
}

const chunkOf = (path) => /^\.\/([^/]+)\.js$/.exec(path)?.[1]

/** The chunks to script: reached statically from dist/node.js, importing only each other (statically). */
function scriptedChunks(imports) {
  const reached = new Set()
  const visit = (file) => {
    for (const { path, kind } of imports.get(file) ?? []) {
      const chunk = chunkOf(path)
      if (kind === 'import-statement' && chunk !== undefined && !reached.has(chunk)) {
        reached.add(chunk)
        visit(`${chunk}.js`)
      }
    }
  }
  visit('node.js')
  const entries = new Set(['index', 'node', 'browser', 'standalone', 'playwright', 'storybook'])
  // A chunk that reads import.meta needs its own URL (node-faker resolves faker from it): it stays a module.
  const readsImportMeta = (chunk) => /\bimport\.meta\b/.test(readFileSync(join(dist, `${chunk}.js`), 'utf8'))
  const chosen = new Set([...reached].filter((chunk) => !entries.has(chunk) && !readsImportMeta(chunk)))
  // Drop, until none is left to drop, each chunk that statically imports anything but a chosen chunk.
  for (let changed = true; changed; ) {
    changed = false
    for (const chunk of chosen) {
      const foreign = imports
        .get(`${chunk}.js`)
        .some(({ path, kind }) => kind === 'import-statement' && !chosen.has(chunkOf(path)))
      if (foreign) {
        chosen.delete(chunk)
        changed = true
      }
    }
  }
  return chosen
}

/**
 * The chunk as a function expression, CommonJS's wrapper around a strict body, with `import(` as
 * `__import(`; fails on an `import(` it cannot rename.
 */
async function asScript(chunk, imports) {
  const source = readFileSync(join(dist, `${chunk}.js`), 'utf8')
  let { code } = await transform(source, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcefile: `${chunk}.js`,
    // An ES module is strict code; the function the loader wraps a script in is not, unless told.
    banner: '"use strict";',
  })
  const dynamic = imports.filter(({ kind }) => kind === 'dynamic-import')
  for (const { path } of dynamic)
    code = code.replaceAll(`import(${JSON.stringify(path)}`, `__import(${JSON.stringify(path)}`)
  const left = code.match(/(?<![\w$.])import\s*\(/g)
  if (left !== null)
    throw new Error(`build-node-chunks: ${chunk}.js has ${left.length} import() calls it cannot rename`)
  // The function load-chunk.ts calls (its HEAD and TAIL), written here so that V8 compiles the file as it is.
  return `(function (exports, require, module, __import) {${code}\n})`
}

/** The ES module Node loads for a chunk: its exports, read once from the script's. */
function frontModule(chunk, names, source) {
  // Exports are read once, so each must be a binding the chunk never reassigns.
  for (const local of localNamesOf(source)) {
    if (new RegExp(`^let ${local.replace(/\$/g, '\\$')}\\b`, 'm').test(source))
      throw new Error(`build-node-chunks: ${chunk}.js exports ${local}, a let binding, which a copy would not follow`)
  }
  return [
    `// ${chunk}.js for Node: see load-chunk.js.`,
    `import { loadChunk } from './load-chunk.js'`,
    `const chunk = loadChunk(${JSON.stringify(chunk)})`,
    `export const { ${names.join(', ')} } = chunk`,
    '',
  ].join('\n')
}

/** The local names in a chunk's `export { local as name, … }` statement. */
function localNamesOf(source) {
  const statement = /^export \{([^}]*)\};?$/m.exec(source)
  if (statement === null) return []
  return statement[1].split(',').map((part) => part.trim().split(/\s+as\s+/)[0])
}

export async function buildNodeChunks() {
  const files = readdirSync(dist).filter((file) => file.endsWith('.js'))
  const { imports, exportsOf } = await importsOf(files)
  const chunks = scriptedChunks(imports)
  if (chunks.size === 0) throw new Error('build-node-chunks: no chunk of dist/node.js can be a script')
  mkdirSync(out, { recursive: true })
  for (const chunk of chunks) {
    const source = readFileSync(join(dist, `${chunk}.js`), 'utf8')
    writeFileSync(join(out, `${chunk}.cjs`), await asScript(chunk, imports.get(`${chunk}.js`)))
    writeFileSync(join(out, `${chunk}.js`), frontModule(chunk, exportsOf.get(`${chunk}.js`), source))
  }
  // Every ES module of dist/ reaches the scripted chunks through the package's `imports` field.
  for (const file of files) {
    const path = join(dist, file)
    let source = readFileSync(path, 'utf8')
    for (const chunk of chunks) source = source.replaceAll(`"./${chunk}.js"`, `"#chunk/${chunk}.js"`)
    writeFileSync(path, source)
  }
  const loader = await transform(readFileSync(join(root, 'src/runtimes/node-chunks/load-chunk.ts'), 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
  })
  writeFileSync(join(out, 'load-chunk.js'), loader.code)
}
