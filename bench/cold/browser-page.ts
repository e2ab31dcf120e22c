/**
 * What a browser page loads before the simulator's first answer: esbuild (minified, ESM, code
 * splitting, platform browser) bundles a tiny page that calls `setupSimulatorWorker()` and
 * `worker.start()` from the installed package's `debt-token-simulator/browser` (dist/browser.js),
 * and, as the baseline, the same page with msw's own `setupWorker` and one handler. The figure is
 * the sum of the gzip sizes (level 9) of the chunks statically reachable from the entry (the
 * metafile's `import-statement` edges only: what the page loads before it can answer); chunks
 * reached only through `import()` load on demand and are reported apart, with how much of each is
 * faker and the world generator. Any faker module in the static part is an error: the page would
 * load faker's locales before its first answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
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
export interface PageFigures {
  staticGzipBytes: number
  staticBytes: number
  staticChunks: PageChunk[]
  lazyChunks: PageChunk[]
  /** Minified bytes per package in the static part, largest first. */
  staticByPackage: { name: string; bytes: number }[]
}

async function bundle(project: Project, side: keyof typeof PAGES): Promise<PageFigures> {
  const dir = join(project.dir, 'browser-page', side)
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
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint !== undefined)!
  const reached = new Set([entry])
  for (const file of reached) {
    for (const edge of outputs[file]!.imports)
      if (edge.kind === 'import-statement' && !edge.external) reached.add(edge.path)
  }
  const scripts = Object.keys(outputs).filter((file) => file.endsWith('.js'))
  const staticChunks = scripts.filter((file) => reached.has(file)).map(chunk)
  const lazyChunks = scripts.filter((file) => !reached.has(file)).map(chunk)
  const byPackage = new Map<string, number>()
  for (const file of reached)
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file]!.inputs))
      byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput)
  const fakerInStatic = [...reached].flatMap((file) => Object.keys(outputs[file]!.inputs).filter(isFaker))
  if (fakerInStatic.length > 0)
    throw new Error(
      `faker is in the ${side} page's static graph (loaded before the first answer): ${fakerInStatic.slice(0, 5).join(', ')}${fakerInStatic.length > 5 ? ` and ${fakerInStatic.length - 5} more` : ''}`,
    )
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

export async function measureBrowserPage(
  project: Project,
): Promise<{ simulator: PageFigures; msw: PageFigures; addedGzipBytes: number }> {
  const simulator = await bundle(project, 'simulator')
  const msw = await bundle(project, 'msw')
  return { simulator, msw, addedGzipBytes: simulator.staticGzipBytes - msw.staticGzipBytes }
}
