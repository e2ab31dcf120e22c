/**
 * `npm run bench:cold`: the cold paths users meet (issue #19), each figure beside its baseline
 * measured in the same run, every sample in a fresh process of a user's project (the packed package
 * installed with msw, @playwright/test and @msw/playwright; bench/cold/project.ts):
 *
 * - a fresh process: import of each entry against msw's own, first answer against a one-handler
 *   msw server, first write after the first read (bench/cold/process-probes.ts);
 * - the installed bin's start to first response against a bare node:http bin (bench/cold/installed-bin.ts);
 * - a 20-file vitest suite against the same files over plain msw handlers (bench/cold/vitest-suite.ts);
 * - the first create-then-see in a Playwright worker, in-process and shared-server (bench/cold/playwright-worker.ts);
 * - what a browser page loads before the first answer, under esbuild and Vite, against msw's setupWorker (bench/cold/browser-page.ts).
 *
 * Prints a markdown table (bench/cold/table.ts); `npm run bench` runs this script and appends it.
 * Options: --quick (fewer samples: a smoke run) --json <file> --quiet-wait <s> (before each part,
 * wait up to this long for other processes to use less than 0.1 core; 30, quick 5)
 * --only <parts> (processes,bin,vitest,playwright,browser) --msw <version> (the msw both sides
 * install; default: the repository's)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureBrowserPage } from './cold/browser-page.ts'
import { measureInstalledBin } from './cold/installed-bin.ts'
import { measurePlaywrightWorkers } from './cold/playwright-worker.ts'
import { measureProcesses, prepareProbes } from './cold/process-probes.ts'
import { installedProject } from './cold/project.ts'
import { type ColdReport, renderColdTable } from './cold/table.ts'
import { measureVitestSuite } from './cold/vitest-suite.ts'
import { waitUntilQuiet, withForeignLoad } from './machine-load.ts'

const root = join(import.meta.dirname, '..')
const args = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : args[i + 1]!
}
const quick = args.includes('--quick')
const jsonFile = option('json', '')
const quietWait = Number(option('quiet-wait', quick ? '5' : '30'))
const only = option('only', 'processes,bin,vitest,playwright,browser').split(',')
const msw = option('msw', '') || undefined
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dts-bench-cold-'))
  const report: ColdReport = { date: new Date().toISOString(), quick, node: process.version, foreignCores: {} }
  /** Runs one part after waiting for a quiet machine, noting what others used meanwhile. */
  const part = async <T>(name: string, work: () => Promise<T>): Promise<T | undefined> => {
    if (!only.includes(name)) return undefined
    await waitUntilQuiet([], quietWait)
    const started = performance.now()
    const { result, foreignCores } = await withForeignLoad(work)
    report.foreignCores[name] = foreignCores
    console.log(
      `cold: ${name} done in ${Math.round((performance.now() - started) / 1000)} s (others used ${foreignCores} cores)`,
    )
    return result
  }
  try {
    console.log('cold: packing and installing the package in a fresh project')
    const project = installedProject(root, work, msw)
    report.msw = project.msw
    const answers = await prepareProbes(project)
    report.browser = await part('browser', () => measureBrowserPage(project))
    report.processes = await part('processes', () => measureProcesses(project, quick ? 5 : 9))
    report.startup = await part('bin', () => measureInstalledBin(project, quick ? 3 : 11, quietWait))
    // Nine rounds: one suite's wall time moves by ±5% from run to run, as much as the figure's margin.
    report.vitest = await part('vitest', () => measureVitestSuite(project, answers, quick ? 1 : 9))
    if (msw !== undefined && only.includes('playwright'))
      console.log('cold: --msw leaves @msw/playwright out (its peer range is msw 2): no Playwright figures')
    else if (existsSync(chromium))
      report.playwright = await part('playwright', () => measurePlaywrightWorkers(root, project, quick ? 2 : 5))
    else console.log(`cold: no Chromium at ${chromium} (CHROMIUM_PATH): the Playwright figures are left out`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  console.log(`\n${renderColdTable(report)}`)
  if (jsonFile !== '') writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
