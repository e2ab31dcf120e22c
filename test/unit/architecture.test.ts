/**
 * The import graph docs/architecture.md draws: a core in layers, each importing only from itself
 * and the layers below it; wings beside it (record and replay, the proxy, persistence, the
 * dashboard with its live events, API coverage), each importing the core and itself and never another wing, and
 * never imported by the core; the runtimes on top, which assemble the core and the wings. Only the
 * runtimes import msw. A relative import that breaks this, or a file in a folder no part names,
 * fails here with the offending lines.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = join(dirname(fileURLToPath(import.meta.url)), '../../src')
const root = join(src, '..')

type Kind = 'core' | 'wing' | 'runtime' | 'page'

interface Part {
  readonly name: string
  readonly kind: Kind
  readonly paths: readonly string[]
}

/** The core, bottom first: a layer may import from itself and every layer before it. */
const CORE: readonly Part[] = [
  // The command line's helpers, which a wing's subcommand uses.
  { name: 'command', kind: 'core', paths: ['command/'] },
  { name: 'contract', kind: 'core', paths: ['contract/'] },
  { name: 'domain', kind: 'core', paths: ['domain/'] },
  { name: 'http', kind: 'core', paths: ['http/'] },
  { name: 'model', kind: 'core', paths: ['model/'] },
  // Files written whole or not at all, for the wings that write them.
  { name: 'files', kind: 'core', paths: ['files/'] },
  { name: 'resolvers', kind: 'core', paths: ['resolvers/'] },
  { name: 'factories', kind: 'core', paths: ['factories/'] },
  { name: 'scenarios', kind: 'core', paths: ['scenarios/'] },
  { name: 'sessions', kind: 'core', paths: ['sessions/'] },
  { name: 'observability', kind: 'core', paths: ['observability/'] },
  { name: 'pipeline', kind: 'core', paths: ['pipeline/'] },
  { name: 'simulator', kind: 'core', paths: ['simulator-core.ts', 'simulator-options.ts', 'simulator-surface.ts'] },
  // The control API over the core: its dispatch and the core's handlers (the wings bring theirs).
  { name: 'control', kind: 'core', paths: ['control/'] },
]

/** The wings: each imports the core and itself, never another wing; the core imports none of them. */
const WINGS: readonly Part[] = [
  { name: 'record-replay', kind: 'wing', paths: ['record-replay/'] },
  { name: 'proxy', kind: 'wing', paths: ['proxy/'] },
  { name: 'persistence', kind: 'wing', paths: ['persistence/'] },
  { name: 'dashboard', kind: 'wing', paths: ['dashboard/'] },
  { name: 'coverage', kind: 'wing', paths: ['coverage/'] },
]

/**
 * On top, bottom first: the wings' list, the msw adapter, the main entry, then every runtime (they may
 * import all of the above).
 */
const RUNTIMES: readonly Part[] = [
  // The list of the wings and the composition root over it (decision 0029).
  { name: 'wings list', kind: 'runtime', paths: ['wings/'] },
  { name: 'msw adapter', kind: 'runtime', paths: ['runtimes/msw/'] },
  { name: 'entry', kind: 'runtime', paths: ['index.ts'] },
  { name: 'runtimes', kind: 'runtime', paths: ['runtimes/'] },
]

/** Browser code served by the standalone server: it may import only the contract's types (checked below). */
const PAGE: Part = { name: 'dashboard page', kind: 'page', paths: ['dashboard/page/'] }

const PARTS: readonly Part[] = [...CORE, ...WINGS, ...RUNTIMES, PAGE]

function partOf(file: string): Part | undefined {
  const path = relative(src, file)
  // The most specific prefix wins (runtimes/msw/ before runtimes/, dashboard/page/ before dashboard/).
  let best: Part | undefined
  let bestLength = -1
  for (const part of PARTS)
    for (const prefix of part.paths)
      if ((path === prefix || path.startsWith(prefix)) && prefix.length > bestLength) {
        best = part
        bestLength = prefix.length
      }
  return best
}

/** Why `from` may not import `to`, or undefined when it may. */
function refusal(from: Part, to: Part): string | undefined {
  if (from === to) return undefined
  const rank = (part: Part, list: readonly Part[]) => list.indexOf(part)
  switch (from.kind) {
    case 'core':
      if (to.kind !== 'core') return `the core imports no ${to.kind}`
      return rank(to, CORE) > rank(from, CORE) ? 'an upward import' : undefined
    case 'wing':
      return to.kind === 'core' ? undefined : `a wing imports only the core and itself`
    case 'runtime':
      if (to.kind === 'page') return 'the runtimes serve the page, they do not import it'
      return to.kind === 'runtime' && rank(to, RUNTIMES) > rank(from, RUNTIMES) ? 'an upward import' : undefined
    case 'page':
      return undefined // checked on its own below: contract types only
  }
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

/** Each relative import of `files` (read by `readText`) the graph refuses, as a line naming both ends and why. */
function refusedImports(files: readonly string[], readText: (file: string) => string): string[] {
  const refused: string[] = []
  for (const file of files) {
    const from = partOf(file)
    if (from === undefined) continue
    for (const specifier of importsIn(readText(file))) {
      if (!specifier.startsWith('.')) continue
      const target = resolve(dirname(file), specifier)
      if (!target.startsWith(src)) continue // fixtures/ and scenarios/ JSON
      const to = partOf(target)
      const why = to === undefined ? 'a file in no part' : refusal(from, to)
      if (why !== undefined)
        refused.push(`${relative(src, file)} (${from.name}) imports ${relative(src, target)} (${to?.name}): ${why}`)
    }
  }
  return refused
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

/** The files of `files` outside the wings, src/wings/ and src/index.ts that import a wing's folder. */
function wingImportersOutside(files: readonly string[], readText: (file: string) => string): string[] {
  const importers = new Set<string>()
  for (const file of files) {
    const path = relative(src, file)
    if (partOf(file)?.kind === 'wing' || path.startsWith('wings/') || path === 'index.ts') continue
    for (const specifier of importsIn(readText(file)).filter((each) => each.startsWith('.')))
      if (partOf(resolve(dirname(file), specifier))?.kind === 'wing') importers.add(path)
  }
  return [...importers].sort()
}

describe('the source tree', () => {
  const files = sourceFiles(src)

  it('puts every file in a layer', () => {
    expect(files.filter((file) => partOf(file) === undefined).map((file) => relative(src, file))).toEqual([])
  })

  it('imports as the graph draws it: the core downward, the wings only the core, the runtimes anything below', () => {
    expect(refusedImports(files, (file) => readFileSync(file, 'utf8'))).toEqual([])
  })

  it('keeps persistence one tree: its storage-agnostic part imports neither store, and the stores not each other', () => {
    const offenders: string[] = []
    const inside = (file: string, folder: string) => relative(src, file).startsWith(`persistence/${folder}`)
    for (const file of files.filter((candidate) => relative(src, candidate).startsWith('persistence/'))) {
      const store = inside(file, 'node/') ? 'node/' : inside(file, 'browser/') ? 'browser/' : null
      for (const specifier of importsOf(file).filter((each) => each.startsWith('.'))) {
        const target = resolve(dirname(file), specifier)
        for (const other of ['node/', 'browser/'])
          if (other !== store && inside(target, other))
            offenders.push(`${relative(src, file)} imports ${relative(src, target)}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('draws in docs/architecture.md every part this test knows, by its folder', () => {
    const picture = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
    const missing = PARTS.flatMap((part) => part.paths).filter((path) => !picture.includes(path))
    expect(missing).toEqual([])
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

  it("loads the world generator on demand only in the runtimes, the request gate (pipeline/generator-gate.ts), a factory call and the factories' loader", () => {
    // A factory call is asynchronous and always draws with the generator: it loads it where the
    // Node entries' synchronous loader of faker cannot run (Jest's ES module runtime).
    const allowed = (path: string) =>
      path.startsWith('runtimes/') ||
      path === 'pipeline/generator-gate.ts' ||
      path === 'model/world-generator.ts' ||
      path === 'factories/create-records.ts' ||
      path === 'factories/factory-loader.ts'
    const offenders = files
      .map((file) => relative(src, file))
      .filter((path) => !allowed(path) && /\bloadWorldGenerator\s*\(/.test(readFileSync(join(src, path), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('loads msw only in the runtimes', () => {
    const offenders = files.filter(
      (file) =>
        partOf(file)?.kind !== 'runtime' &&
        importsOf(file).some((specifier) => specifier === 'msw' || specifier.startsWith('msw/')),
    )
    expect(offenders.map((file) => relative(src, file))).toEqual([])
  })

  it('keeps the dashboard page to browser code that imports only contract types', () => {
    const offenders: string[] = []
    for (const file of files.filter((candidate) => relative(src, candidate).startsWith('dashboard/page/'))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/(?:^|\n)\s*import\s+(type\s+)?(?:[^'"]*?from\s*)?['"]([^'"]+)['"]/g)) {
        const [, typeOnly, specifier] = match
        const inside =
          specifier!.startsWith('.') && resolve(dirname(file), specifier!).startsWith(join(src, 'dashboard/page'))
        const contractType =
          typeOnly !== undefined && resolve(dirname(file), specifier!).startsWith(join(src, 'contract'))
        const allowed =
          inside ||
          contractType ||
          specifier === 'preact' ||
          specifier!.startsWith('preact/') ||
          (typeOnly !== undefined && specifier === 'zod/mini')
        if (!allowed) offenders.push(`${relative(src, file)} imports ${specifier}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it("reaches a wing's folder from outside only through the wings' lists (src/wings/) and the main entry (decision 0029)", () => {
    expect(wingImportersOutside(files, (file) => readFileSync(file, 'utf8'))).toEqual([])
  })

  it('catches a refused import in every form (the check itself)', () => {
    const contractFile = join(src, 'contract/fake.ts')
    const upward = 'contract/fake.ts (contract) imports pipeline/router.ts (pipeline): an upward import'
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
        refusedImports([contractFile], () => text),
        text,
      ).toEqual([upward])
    // Downward, within a layer, or to a package: nothing to report.
    const pipelineFile = join(src, 'pipeline/fake.ts')
    const fine = "import '../contract/formats.ts'\nimport { x } from './router.ts'\nimport * as z from 'zod/mini'\n"
    expect(refusedImports([pipelineFile], () => fine)).toEqual([])
    // The core imports no wing; a wing no other wing; the most specific part wins (runtimes/msw/ is below runtimes/).
    expect(refusedImports([join(src, 'pipeline/fake.ts')], () => "import '../proxy/forward.ts'\n")).toEqual([
      'pipeline/fake.ts (pipeline) imports proxy/forward.ts (proxy): the core imports no wing',
    ])
    expect(refusedImports([join(src, 'proxy/fake.ts')], () => "import '../record-replay/record.ts'\n")).toEqual([
      'proxy/fake.ts (proxy) imports record-replay/record.ts (record-replay): a wing imports only the core and itself',
    ])
    expect(refusedImports([join(src, 'runtimes/msw/fake.ts')], () => "import { x } from '../node.ts'\n")).toEqual([
      'runtimes/msw/fake.ts (msw adapter) imports runtimes/node.ts (runtimes): an upward import',
    ])
    expect(importsOf(join(src, 'runtimes/node.ts'))).toContain('msw/node')
    // A runtime reaches a wing only through src/wings/.
    const wingImport = () => "import { proxyWing } from '../proxy/wing.ts'\n"
    expect(wingImportersOutside([join(src, 'runtimes/fake.ts')], wingImport)).toEqual(['runtimes/fake.ts'])
    expect(wingImportersOutside([join(src, 'wings/fake.ts')], wingImport)).toEqual([])
  })
})
