/**
 * `npm run bench:storybook`: the two Storybook figures of issue 25, on examples/storybook (install it
 * and build it first: `cd examples/storybook && npm ci --ignore-scripts && npm run build-storybook`).
 *
 * 1. Story switch: the built Storybook served from 127.0.0.1 in headless Chromium; the preview is
 *    told to switch (Storybook's own `setCurrentStory` event, what the sidebar sends) between two
 *    stories on the default world, SWITCHES times. Per switch: the world's re-creation (the
 *    loader's performance measure: reset, scenario, the story's world function) and the whole
 *    switch until Storybook reports the story rendered (its play function, which waits for the
 *    list, included).
 * 2. Weight: esbuild (minified, ESM, splitting, browser) bundles a CSF 3 preview with
 *    msw-storybook-addon and one handler, and the same preview with debt-token-simulator/storybook; the
 *    difference, gzip (level 9), against the simulator's own browser weight: setupSimulatorWorker's
 *    page minus msw's setupWorker page (bench/cold's measure). Storybook itself is external (every
 *    preview has it). Counted: every chunk but the world generator's (faker), which loads only for
 *    a generated world or a factory.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { WORLD_MEASURE } from '../src/runtimes/storybook/story-worlds.ts'

const EXAMPLE = join(import.meta.dirname, '../examples/storybook')
const STATIC = join(EXAMPLE, 'storybook-static')
const SWITCHES = 40
const STORIES = ['debt-tokens-list--normal-world', 'debt-tokens-list--network-error']

const PREVIEWS = {
  // An msw-storybook-addon user's preview has handlers (one here), as msw's page below has one.
  addon: `import { HttpResponse, http } from 'msw'
import { mswLoader } from 'msw-storybook-addon/csf3'
export default {
  loaders: [mswLoader()],
  parameters: { msw: [http.get('https://api.example.test/securityToken', () => HttpResponse.json([]))] },
}
`,
  'addon+simulator': `import { mswLoader } from 'msw-storybook-addon/csf3'
import { simulatorLoader, simulatorWorker, withSimulatorArgs } from 'debt-token-simulator/storybook'
export default { loaders: [mswLoader(simulatorWorker()), simulatorLoader], decorators: [withSimulatorArgs] }
`,
  msw: `import { HttpResponse, http } from 'msw'
import { setupWorker } from 'msw/browser'
await setupWorker(http.get('https://api.example.test/securityToken', () => HttpResponse.json([]))).start()
`,
  simulator: `import { setupSimulatorWorker } from 'debt-token-simulator/browser'
await setupSimulatorWorker({ baseUrl: 'https://api.example.test' }).worker.start()
`,
}

/** Records the preview's rendered story ids (Storybook's channel) in window.__rendered. */
const RECORD_RENDERS = `
  const events = []
  window.__rendered = events
  let channel
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(next) {
      channel = next
      next.on('storyRendered', (id) => events.push(id))
      next.on('storyThrewException', (error) => events.push('error: ' + error.message))
    },
  })
`

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!
const round = (value: number) => Math.round(value * 10) / 10

/**
 * Gzip bytes of every chunk of a preview but the world generator's (faker's locales): each chunk
 * apart (what a browser fetches), and all of them as one text (the same code whatever the bundler's
 * split: esbuild splits msw three ways in one preview and not in another, and gzip compresses
 * smaller pieces less well).
 */
async function previewWeight(name: keyof typeof PREVIEWS): Promise<{ chunks: number; joined: number }> {
  const dir = join(EXAMPLE, 'node_modules/.bench-storybook', name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'preview.js'), PREVIEWS[name])
  const result = await build({
    absWorkingDir: EXAMPLE,
    entryPoints: [join(dir, 'preview.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    external: ['storybook', 'storybook/*'],
    outdir: join(dir, 'out'),
    metafile: true,
    write: false,
    logLevel: 'error',
  })
  const isGenerator = (file: string) =>
    Object.keys(result.metafile.outputs[relative(EXAMPLE, file)]?.inputs ?? {}).some(
      (input) => input.includes('@faker-js/faker') || /generate-world/.test(input),
    )
  const files = result.outputFiles.filter((file) => file.path.endsWith('.js') && !isGenerator(file.path))
  return {
    chunks: files.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0),
    joined: gzipSync(Buffer.concat(files.map((file) => file.contents)), { level: 9 }).length,
  }
}

async function storySwitches(): Promise<{ worldMs: number[]; switchMs: number[] }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' }
  const server = createServer((request, response) => {
    const path = join(STATIC, new URL(request.url ?? '/', 'http://x').pathname)
    if (!path.startsWith(STATIC) || !existsSync(path)) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
    createReadStream(path).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' })
  try {
    const page = await browser.newPage()
    // Text, not a function: tsx would wrap a function's inner functions in helpers the page lacks.
    await page.addInitScript(RECORD_RENDERS)
    const { port } = server.address() as AddressInfo
    await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${STORIES[0]}&viewMode=story`)
    await page.waitForFunction(() => (window as any).__rendered.length > 0, null, { timeout: 60_000 })
    const worldMs: number[] = []
    const switchMs: number[] = []
    for (let i = 1; i <= SWITCHES; i++) {
      const story = STORIES[i % 2]!
      const { switched, world } = await page.evaluate(
        async ({ story, measure }) => {
          const rendered: string[] = (window as any).__rendered
          const before = rendered.length
          const started = performance.now()
          ;(window as any).__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: story, viewMode: 'story' })
          while (rendered.length === before) await new Promise((resolve) => setTimeout(resolve, 1))
          if (rendered.at(-1) !== story) throw new Error(`expected ${story} rendered, got ${rendered.at(-1)}`)
          const worlds = performance.getEntriesByName(measure)
          return { switched: performance.now() - started, world: worlds.at(-1)!.duration }
        },
        { story, measure: WORLD_MEASURE },
      )
      switchMs.push(switched)
      worldMs.push(world)
    }
    return { worldMs, switchMs }
  } finally {
    await browser.close()
    server.close()
  }
}

if (!existsSync(join(STATIC, 'index.json')))
  throw new Error(
    'examples/storybook is not built: cd examples/storybook && npm ci --ignore-scripts && npm run build-storybook',
  )
const { worldMs, switchMs } = await storySwitches()
const weights = Object.fromEntries(
  await Promise.all(
    Object.keys(PREVIEWS).map(async (name) => [name, await previewWeight(name as keyof typeof PREVIEWS)]),
  ),
) as Record<keyof typeof PREVIEWS, { chunks: number; joined: number }>
const added = (kind: 'chunks' | 'joined') => ({
  storybookEntry: weights['addon+simulator'][kind] - weights.addon[kind],
  simulatorBrowserWeight: weights.simulator[kind] - weights.msw[kind],
})
const report = {
  date: new Date().toISOString(),
  storybook: JSON.parse(readFileSync(join(EXAMPLE, 'node_modules/storybook/package.json'), 'utf8')).version,
  switches: SWITCHES,
  worldMs: { median: round(median(worldMs)), p95: round(p95(worldMs)), max: round(Math.max(...worldMs)) },
  switchMs: { median: round(median(switchMs)), p95: round(p95(switchMs)), max: round(Math.max(...switchMs)) },
  gzipBytes: weights,
  addedGzipBytes: { perChunk: added('chunks'), joined: added('joined') },
}
console.log(JSON.stringify(report, null, 2))
