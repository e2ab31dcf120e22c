/**
 * The cold bench's table, one row per figure with its baseline from the same run and its target
 * (issue #19); printed by `npm run bench:cold` and appended to `npm run bench`'s report.
 */
import type { BrowserFigures } from './browser-page.ts'
import type { StartupFigures } from './installed-bin.ts'
import type { PlaywrightFigures } from './playwright-worker.ts'
import type { ProcessFigures } from './process-probes.ts'
import type { VitestFigures } from './vitest-suite.ts'

export interface ColdReport {
  date: string
  quick: boolean
  /** The Node that ran the figures, and the msw both sides resolved. */
  node: string
  msw?: string
  processes?: ProcessFigures
  startup?: StartupFigures
  vitest?: VitestFigures
  playwright?: PlaywrightFigures
  browser?: { esbuild: BrowserFigures; vite: BrowserFigures }
  /** CPU others used during each part, in cores (0 to the machine's count): how disturbed it was. */
  foreignCores: Record<string, number>
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`
const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ')

export function renderColdTable(report: ColdReport): string {
  const lines = [
    `Node ${report.node}, msw ${report.msw ?? '(not installed)'}`,
    '',
    '| cold figure | measured | baseline (same run) | target |',
    '| --- | --- | --- | --- |',
  ]
  const row = (...cells: string[]) => lines.push(`| ${cells.join(' | ')} |`)
  const p = report.processes
  if (p !== undefined) {
    const sim = p.firstWrite.simulator
    row(
      `first write of a fresh process after its first read (./node, \`POST /manager\` through fetch), median of ${p.samples}`,
      `${sim.medianMs} ms (${p.firstWrite.simulator.samplesMs.join(', ')}); later writes ${sim.laterWriteMedianMs} ms`,
      `one-handler msw: ${p.firstWrite.msw.medianMs} ms; later ${p.firstWrite.msw.laterWriteMedianMs} ms`,
      '≤ 30 ms',
    )
    const baselineOf = (label: string) =>
      p.imports.find(
        (entry) =>
          entry.label ===
          (label.includes('NODE_COMPILE_CACHE')
            ? 'msw/node + msw (ESM), NODE_COMPILE_CACHE: baseline'
            : label.includes('CommonJS')
              ? 'msw/node (CommonJS): baseline'
              : 'msw/node (ESM): baseline'),
      )!
    const withMsw = p.imports.find((entry) => entry.label === 'msw/node + msw (ESM): baseline')!
    for (const entry of p.imports.filter((e) => !e.label.endsWith('baseline'))) {
      const base = baselineOf(entry.label)
      row(
        `import of \`${entry.label}\`, fresh process, median of ${p.samples}`,
        `${entry.medianMs} ms (${list(entry.samplesMs)}), ${(entry.medianMs / base.medianMs).toFixed(2)}×`,
        `\`${base.label.replace(': baseline', '')}\`: ${base.medianMs} ms${entry.label === 'debt-token-simulator/node (ESM)' ? `; \`msw/node\` + \`msw\` (what a test over plain handlers imports): ${withMsw.medianMs} ms` : ''}`,
        '',
      )
    }
    row(
      `a fresh process's first answer: \`node\` started → first in-process \`GET /securityToken\` answered, median of ${p.samples}`,
      `${ms(p.firstAnswer.simulator.medianMs)} (${list(p.firstAnswer.simulator.samplesMs)}), ${(p.firstAnswer.simulator.medianMs / p.firstAnswer.msw.medianMs).toFixed(2)}×`,
      `one-handler msw \`setupServer\`: ${ms(p.firstAnswer.msw.medianMs)}`,
      '',
    )
  }
  const v = report.vitest
  if (v !== undefined)
    row(
      `vitest, ${v.files} files (import ./node, reset, one GET, one POST each), wall time, median of ${v.simulatorMs.length}`,
      `${ms(v.simulatorMedianMs)} (${list(v.simulatorMs)}): **${v.ratio.toFixed(2)}×**, ${Math.abs(v.perFileExtraMs)} ms ${v.perFileExtraMs >= 0 ? 'more' : 'less'} per file`,
      `the same files over plain msw handlers: ${ms(v.mswMedianMs)} (${list(v.mswMs)})`,
      '≤ 1.10×',
    )
  if (v?.vitestDurations !== undefined)
    row(
      "vitest's own account of the last run (its Duration line): where a suite's time goes",
      v.vitestDurations.simulator ?? '',
      `plain msw: ${v.vitestDurations.msw ?? ''}`,
      '',
    )
  const w = report.playwright
  if (w !== undefined)
    for (const [mode, figures] of Object.entries(w.modes))
      row(
        `Playwright worker, ${mode}: create-then-see, first in the worker, median of ${figures.firstMs.length} worker starts`,
        `${ms(figures.firstMedianMs)} (${list(figures.firstMs)})`,
        `the same step again, warm: ${ms(figures.warmMedianMs)}`,
        "< 5 s (Playwright's default `expect` timeout)",
      )
  const s = report.startup
  if (s !== undefined)
    row(
      `start to first response, installed bin (\`node_modules/.bin/debt-token-simulator\`), median of ${s.bin.length}`,
      `${ms(s.binMedianMs)} (${list(s.bin)}): **${s.ratio.toFixed(2)}×**`,
      `a bare \`node:http\` bin started the same way: ${ms(s.bareMedianMs)} (${list(s.bare)})`,
      '≤ 2×',
    )
  const pages = report.browser
  for (const [bundler, b] of Object.entries(pages ?? {})) {
    row(
      `browser page before the first answer: \`setupSimulatorWorker()\` + \`worker.start()\`, ${bundler === 'vite' ? "Vite's production build" : 'esbuild minified ESM splitting'}, gzip of the static chunks`,
      `${kB(b.simulator.staticGzipBytes)} (${b.simulator.staticChunks.length} chunks): **+${kB(b.addedGzipBytes)}**`,
      `msw's \`setupWorker\`, one handler, the same build: ${kB(b.msw.staticGzipBytes)}`,
      '+ ≤ 100 kB',
    )
    for (const chunk of b.simulator.lazyChunks)
      row(
        `browser page (${bundler}), loaded on demand: \`${chunk.file.split('/').pop()}\``,
        `${kB(chunk.gzipBytes)} gzip (${kB(chunk.bytes)} minified: faker ${kB(chunk.fakerBytes)}, world generator ${kB(chunk.generatorBytes)})`,
        '',
        'not in the static part',
      )
  }
  return lines.join('\n')
}
