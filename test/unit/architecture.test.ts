/**
 * The import direction docs/architecture.md draws: each layer of `src/` imports only
 * from itself and the layers below it, and only the runtimes import msw. A relative import that
 * runs upward, or a file in a folder no layer names, fails here with the offending lines.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = join(dirname(fileURLToPath(import.meta.url)), '../../src')

/** Bottom first: a file may import from its own layer and every layer before it. */
const LAYERS: readonly { name: string; paths: readonly string[] }[] = [
  { name: 'contract', paths: ['contract/'] },
  { name: 'domain', paths: ['domain/'] },
  { name: 'http', paths: ['http/'] },
  { name: 'model', paths: ['model/'] },
  // Storing a model's changes and applying them at start, storage-agnostic (the stores are runtimes').
  { name: 'persistence', paths: ['persistence/'] },
  { name: 'resolvers', paths: ['resolvers/'] },
  { name: 'factories', paths: ['factories/'] },
  { name: 'scenarios', paths: ['scenarios/'] },
  { name: 'sessions', paths: ['sessions/'] },
  { name: 'observability', paths: ['observability/'] },
  { name: 'pipeline', paths: ['pipeline/'] },
  // `serve --proxy`: the forwarder the pipeline's proxy step is given, and its contract check.
  { name: 'proxy', paths: ['proxy/'] },
  { name: 'core', paths: ['simulator-core.ts', 'simulator-options.ts'] },
  // The control API is built over the core (it reads the core's state and calls its controls).
  { name: 'control', paths: ['control/'] },
  { name: 'msw adapter', paths: ['runtimes/msw/'] },
  { name: 'entry', paths: ['index.ts'] },
  { name: 'runtimes', paths: ['runtimes/'] },
  // Browser code served by the standalone server: it may import only the contract's types (below).
  { name: 'dashboard', paths: ['dashboard/'] },
]

function layerOf(file: string): number {
  const path = relative(src, file)
  // The most specific prefix wins (runtimes/msw/ before runtimes/).
  let best = -1
  let bestLength = -1
  LAYERS.forEach((layer, i) => {
    for (const prefix of layer.paths) {
      if ((path === prefix || path.startsWith(prefix)) && prefix.length > bestLength) {
        best = i
        bestLength = prefix.length
      }
    }
  })
  return best
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return name.endsWith('.ts') || name.endsWith('.tsx') ? [path] : []
  })
}

/** `import … from '…'` and `export … from '…'`, side-effect `import '…'`, and dynamic `import('…')`. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** The specifiers a source text imports, in every form IMPORT reads. */
function importsIn(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]!)
}

function importsOf(file: string): string[] {
  return importsIn(readFileSync(file, 'utf8'))
}

/** Each relative import of `files` (read by `readText`) that runs to a higher layer, as a line naming both ends. */
function upwardImports(files: readonly string[], readText: (file: string) => string): string[] {
  const upward: string[] = []
  for (const file of files) {
    const from = layerOf(file)
    for (const specifier of importsIn(readText(file))) {
      if (!specifier.startsWith('.')) continue
      const target = resolve(dirname(file), specifier)
      if (!target.startsWith(src)) continue // fixtures/ and scenarios/ JSON
      const to = layerOf(target)
      if (to > from)
        upward.push(
          `${relative(src, file)} (${LAYERS[from]!.name}) imports ${relative(src, target)} (${LAYERS[to]!.name})`,
        )
    }
  }
  return upward
}

/** The files each file of `files` imports (relative imports inside src/, type imports included). */
function importGraph(files: readonly string[], readText: (file: string) => string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets = importsIn(readText(file))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier))
      .filter((target) => target.startsWith(src) && target !== file)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** One cycle per strongly connected group of files that import each other, as `a → b → a`. */
function importCycles(files: readonly string[], readText: (file: string) => string): string[] {
  const graph = importGraph(files, readText)
  const cycles: string[] = []
  const done = new Set<string>()
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file)
    if (at !== -1) {
      cycles.push([...path.slice(at), file].map((each) => relative(src, each)).join(' → '))
      return
    }
    if (done.has(file)) return
    for (const target of graph.get(file) ?? []) visit(target, [...path, file])
    done.add(file)
  }
  for (const file of files) visit(file, [])
  return cycles
}

describe('the source tree', () => {
  const files = sourceFiles(src)

  it('puts every file in a layer', () => {
    expect(files.filter((file) => layerOf(file) === -1).map((file) => relative(src, file))).toEqual([])
  })

  it('imports only downward (or within a layer)', () => {
    expect(upwardImports(files, (file) => readFileSync(file, 'utf8'))).toEqual([])
  })

  it('has no import cycle, type imports included (files that need each other belong together)', () => {
    expect(importCycles(files, (file) => readFileSync(file, 'utf8'))).toEqual([])
  })

  it('finds a cycle through a type import (the check itself)', () => {
    const a = join(src, 'model/a.ts')
    const b = join(src, 'model/b.ts')
    const texts: Record<string, string> = {
      [a]: "import type { B } from './b.ts'\n",
      [b]: "import { a } from './a.ts'\n",
    }
    expect(importCycles([a, b], (file) => texts[file]!)).toEqual(['model/a.ts → model/b.ts → model/a.ts'])
  })

  it('loads the world generator on demand only in the runtimes, the request gate (pipeline/generator-gate.ts) and a factory call', () => {
    // A factory call is asynchronous and always draws with the generator: it loads it where the
    // Node entries' synchronous loader of faker cannot run (Jest's ES module runtime).
    const allowed = (path: string) =>
      path.startsWith('runtimes/') ||
      path === 'pipeline/generator-gate.ts' ||
      path === 'model/world-generator.ts' ||
      path === 'factories/create-records.ts'
    const offenders = files
      .map((file) => relative(src, file))
      .filter((path) => !allowed(path) && /\bloadWorldGenerator\s*\(/.test(readFileSync(join(src, path), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('loads msw only in the runtimes', () => {
    const runtimes = LAYERS.findIndex((layer) => layer.name === 'msw adapter')
    const offenders = files.filter(
      (file) =>
        layerOf(file) < runtimes &&
        importsOf(file).some((specifier) => specifier === 'msw' || specifier.startsWith('msw/')),
    )
    expect(offenders.map((file) => relative(src, file))).toEqual([])
  })

  it('keeps the dashboard to browser code that imports only contract types', () => {
    const offenders: string[] = []
    for (const file of files.filter((candidate) => relative(src, candidate).startsWith('dashboard/'))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/(?:^|\n)\s*import\s+(type\s+)?(?:[^'"]*?from\s*)?['"]([^'"]+)['"]/g)) {
        const [, typeOnly, specifier] = match
        const inside =
          specifier!.startsWith('.') && resolve(dirname(file), specifier!).startsWith(join(src, 'dashboard'))
        const contractType =
          typeOnly !== undefined && resolve(dirname(file), specifier!).startsWith(join(src, 'contract'))
        const allowed =
          inside ||
          contractType ||
          specifier === 'preact' ||
          specifier!.startsWith('preact/') ||
          (typeOnly !== undefined && specifier === 'zod')
        if (!allowed) offenders.push(`${relative(src, file)} imports ${specifier}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('catches an upward import in every form (the check itself)', () => {
    const contractFile = join(src, 'contract/fake.ts')
    const upward = 'contract/fake.ts (contract) imports pipeline/router.ts (pipeline)'
    for (const text of [
      "import { route } from '../pipeline/router.ts'\n",
      "import type { Route } from '../pipeline/router.ts'\n",
      "export { route } from '../pipeline/router.ts'\n",
      "export * from '../pipeline/router.ts'\n",
      "import '../pipeline/router.ts'\n",
      "const router = await import('../pipeline/router.ts')\n",
      '/** The contract. */\nimport { z } from \'zod\'\nimport "../pipeline/router.ts"\n',
    ])
      expect(
        upwardImports([contractFile], () => text),
        text,
      ).toEqual([upward])
    // Downward, within a layer, or to a package: nothing to report.
    const pipelineFile = join(src, 'pipeline/fake.ts')
    const fine = "import '../contract/formats.ts'\nimport { x } from './router.ts'\nimport * as z from 'zod'\n"
    expect(upwardImports([pipelineFile], () => fine)).toEqual([])
    // The most specific layer wins: the msw adapter sits below the runtimes that contain it.
    expect(upwardImports([join(src, 'runtimes/msw/fake.ts')], () => "import { x } from '../node.ts'\n")).toEqual([
      'runtimes/msw/fake.ts (msw adapter) imports runtimes/node.ts (runtimes)',
    ])
    expect(importsOf(join(src, 'runtimes/node.ts'))).toContain('msw/node')
  })
})
