/**
 * What a browser page loads before the simulator's first answer: a tiny page that calls
 * `setupSimulatorWorker()` and `worker.start()` from the installed package's
 * `debt-token-simulator/browser` (dist/browser.js), and, as the baseline, the same page with msw's
 * own `setupWorker` and one handler, each bundled twice: by esbuild (minified, ESM, code splitting,
 * platform browser) and by Vite (a production build of an index.html loading the page, Vite's
 * defaults). The figure is the sum of the gzip sizes (level 9) of the chunks statically reachable
 * from the entry (static import edges only: what the page loads before it can answer); chunks
 * reached only through `import()` load on demand and are reported apart, with how much of each is
 * faker and the world generator. Any faker module in the static part is an error: the page would
 * load faker's locales before its first answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { build as viteBuild } from 'vite'
import type { Project } from './project.ts'

const PAGES = {
  simulator: `import { setupSimulatorWorker } from 'debt-token-simulator/browser'
const { worker } = setupSimulatorWorker({ baseUrl: 'https://api.example.test' })
await worker.start({ onUnhandledRequest: 'bypass' })
`,
  msw: `import { HttpResponse, http } from 'msw'
import { setupWorker } from 'msw/browser'
const worker = setupWorker(http.get('https://api.example.test/securityToken', () => HttpResponse.json([])))
await worker.start({ onUnhandledRequest: 'bypass' })
`,
}

const isFaker = (input: string) => input.includes('node_modules/@faker-js/faker/')
const isGenerator = (input: string) => /generate-world/.test(input)
/** The package an input belongs to (`node_modules/<name>` or `<@scope/name>`), or the entry itself. */
const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input

interface PageChunk {
  file: string
  bytes: number
  gzipBytes: number
  fakerBytes: number
  generatorBytes: number
}
interface PageFigures {
  staticGzipBytes: number
  staticBytes: number
  staticChunks: PageChunk[]
  lazyChunks: PageChunk[]
  /** Minified bytes per package in the static part, largest first. */
  staticByPackage: { name: string; bytes: number }[]
}

/** esbuild's bundle of the page (minified, ESM, splitting, platform browser), read from its metafile. */
async function bundleWithEsbuild(project: Project, side: keyof typeof PAGES): Promise<PageFigures> {
  const dir = join(project.dir, 'browser-page', `${side}-esbuild`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'page.js'), PAGES[side])
  const result = await build({
    absWorkingDir: project.dir,
    entryPoints: [join(dir, 'page.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    outdir: join(dir, 'out'),
    metafile: true,
    write: false,
    logLevel: 'error',
  })
  const contents = new Map(result.outputFiles.map((file) => [relative(project.dir, file.path), file.contents]))
  const outputs: Metafile['outputs'] = result.metafile.outputs
  const chunk = (file: string): PageChunk => {
    const inputs = Object.entries(outputs[file]!.inputs)
    const sum = (test: (input: string) => boolean) =>
      inputs.filter(([input]) => test(input)).reduce((total, [, { bytesInOutput }]) => total + bytesInOutput, 0)
    return {
      file,
      bytes: outputs[file]!.bytes,
      gzipBytes: gzipSync(contents.get(file)!, { level: 9 }).length,
      fakerBytes: sum(isFaker),
      generatorBytes: sum(isGenerator),
    }
  }
  // The page's own output: with splitting, each chunk reached through import() names an entry point too.
  const page = relative(project.dir, join(dir, 'page.js'))
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === page)
  if (entry === undefined) throw new Error(`esbuild's metafile names no output for ${page}`)
  const reached = new Set([entry])
  for (const file of reached) {
    for (const edge of outputs[file]!.imports)
      if (edge.kind === 'import-statement' && !edge.external) reached.add(edge.path)
  }
  const scripts = Object.keys(outputs).filter((file) => file.endsWith('.js'))
  const staticChunks = scripts.filter((file) => reached.has(file)).map(chunk)
  const lazyChunks = scripts.filter((file) => !reached.has(file)).map(chunk)
  return summary(
    side,
    staticChunks,
    lazyChunks,
    [...reached].flatMap((file) => Object.entries(outputs[file]!.inputs)),
  )
}

/** The figures of a page from its chunks and the (input, minified bytes) pairs of its static part. */
function summary(
  side: string,
  staticChunks: PageChunk[],
  lazyChunks: PageChunk[],
  staticInputs: [string, { bytesInOutput: number }][],
): PageFigures {
  const fakerInStatic = staticInputs.map(([input]) => input).filter(isFaker)
  if (fakerInStatic.length > 0)
    throw new Error(
      `faker is in the ${side} page's static graph (loaded before the first answer): ${fakerInStatic.slice(0, 5).join(', ')}${fakerInStatic.length > 5 ? ` and ${fakerInStatic.length - 5} more` : ''}`,
    )
  const byPackage = new Map<string, number>()
  for (const [input, { bytesInOutput }] of staticInputs)
    byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput)
  return {
    staticGzipBytes: staticChunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    staticBytes: staticChunks.reduce((sum, c) => sum + c.bytes, 0),
    staticChunks,
    lazyChunks,
    staticByPackage: [...byPackage]
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 10),
  }
}

/** Vite's production build of an index.html that loads the page (Vite's defaults: minified, split). */
async function bundleWithVite(project: Project, side: keyof typeof PAGES): Promise<PageFigures> {
  const dir = join(project.dir, 'browser-page', `${side}-vite`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'page.js'), PAGES[side])
  writeFileSync(join(dir, 'index.html'), '<!doctype html>\n<script type="module" src="./page.js"></script>\n')
  const built = await viteBuild({ root: dir, configFile: false, logLevel: 'error', build: { write: false } })
  const output = (Array.isArray(built) ? built[0]! : built) as { output: ViteOutput[] }
  const chunks = new Map(
    output.output.flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
  )
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry)!
  const reached = new Set([entry.fileName])
  for (const file of reached) for (const path of chunks.get(file)!.imports) reached.add(path)
  const chunk = (file: string): PageChunk => {
    const { code, modules } = chunks.get(file)!
    const sum = (test: (input: string) => boolean) =>
      Object.entries(modules)
        .filter(([input]) => test(input))
        .reduce((total, [, { renderedLength }]) => total + renderedLength, 0)
    const bytes = Buffer.byteLength(code)
    return {
      file,
      bytes,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      fakerBytes: sum(isFaker),
      generatorBytes: sum(isGenerator),
    }
  }
  const files = [...chunks.keys()]
  return summary(
    side,
    files.filter((file) => reached.has(file)).map(chunk),
    files.filter((file) => !reached.has(file)).map(chunk),
    [...reached].flatMap((file) =>
      Object.entries(chunks.get(file)!.modules).map(
        ([input, { renderedLength }]) =>
          [input, { bytesInOutput: renderedLength }] as [string, { bytesInOutput: number }],
      ),
    ),
  )
}

/** What Vite's build returns per output file (the fields read here). */
type ViteOutput =
  | { type: 'asset'; fileName: string }
  | {
      type: 'chunk'
      fileName: string
      code: string
      isEntry: boolean
      imports: string[]
      modules: Record<string, { renderedLength: number }>
    }

export interface BrowserFigures {
  simulator: PageFigures
  msw: PageFigures
  addedGzipBytes: number
}

/** The page and its baseline under each bundler. */
export async function measureBrowserPage(project: Project): Promise<{ esbuild: BrowserFigures; vite: BrowserFigures }> {
  const figures = async (bundler: typeof bundleWithEsbuild): Promise<BrowserFigures> => {
    const simulator = await bundler(project, 'simulator')
    const msw = await bundler(project, 'msw')
    return { simulator, msw, addedGzipBytes: simulator.staticGzipBytes - msw.staticGzipBytes }
  }
  return { esbuild: await figures(bundleWithEsbuild), vite: await figures(bundleWithVite) }
}
