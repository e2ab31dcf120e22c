/**
 * The coverage report's HTML page as a team lead opens a CI artifact: the built command replays a
 * shipped scenario with `--coverage`, `coverage report <dir> --html <file>` writes the page, and
 * headless Chromium opens the file with page scripts off and on, every request beyond the file
 * itself blocked and counted (the page is self-contained: none may leave it). The totals and a
 * missing cell's ready step are visible, and the ready step, copied from the page, is the report's.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { CoverageReport } from '../../src/contract/coverage-report.ts'
import { cliPath, projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'
import { chromiumAvailability, launchChromium } from './support/chromium.ts'

const availability = chromiumAvailability()

function cli(args: string[]): string {
  const run = spawnSync(process.execPath, [cliPath, ...args], { cwd: projectRoot, encoding: 'utf8', timeout: 120_000 })
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stdout}${run.stderr}`)
  return run.stdout
}

/** A report of a replayed scenario, and the page `coverage report --html` makes of it. */
function writePage(): { report: CoverageReport; page: string } {
  const directory = temporaryDirectory('coverage-html-')
  const parts = join(directory, 'parts')
  cli(['replay', join(projectRoot, 'scenarios', 'service-smoke.json'), '--coverage', join(parts, 'qa.json')])
  const page = join(directory, 'site', 'api-coverage.html')
  cli(['coverage', 'report', parts, '--html', page, '--json', join(directory, 'merged.json')])
  return { report: JSON.parse(readFileSync(join(directory, 'merged.json'), 'utf8')) as CoverageReport, page }
}

describe.skipIf(availability.kind === 'skip')('the coverage report as an HTML page in Chromium', () => {
  it.each([
    ['off', false],
    ['on', true],
  ])(
    'shows the totals and a missing cell’s ready step to copy, scripts %s, with no request leaving the page',
    async (_, javaScriptEnabled) => {
      if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
      const { report, page: file } = writePage()
      const browser = await launchChromium({
        timeoutMs: 30_000,
        javaScriptEnabled,
        permissions: ['clipboard-read', 'clipboard-write'],
      })
      try {
        const requested: string[] = []
        browser.context.on('request', (request) => requested.push(request.url()))
        await browser.context.route(/^(?!file:)/, (route) => route.abort())
        const page = await browser.context.newPage()
        await page.goto(pathToFileURL(file).href)

        const { operations, responses } = report.totals
        await expect
          .poll(() => page.locator('body > p').first().textContent())
          .toContain(`${operations.covered}/${operations.total} operations`)
        expect(await page.locator('body > p').first().textContent()).toContain(
          `${responses.covered}/${responses.total} declared responses`,
        )

        // A declared response the scenario never met, in its operation's row, under its status.
        const operation = report.operations.find((candidate) =>
          candidate.responses.some((response) => response.seen === 0 && response.ready !== undefined),
        )!
        const missing = operation.responses.find((response) => response.seen === 0 && response.ready !== undefined)!
        const headers = await page.locator('thead th').allTextContents()
        const row = page.locator('tbody tr').filter({
          has: page.getByRole('rowheader', { name: operation.operationId, exact: true }),
        })
        const cell = row.locator('td').nth(headers.indexOf(String(missing.status)) - 1)
        expect(await cell.getAttribute('class')).toBe('missing')
        const summary = cell.locator('summary')
        expect(await summary.isVisible()).toBe(true)
        expect(await summary.textContent()).toBe(missing.ready!.how)

        // Opened (a <details>: no script needed), the step is there to select and copy.
        const step = cell.locator('pre')
        expect(await step.isVisible()).toBe(false)
        await summary.click()
        expect(await step.isVisible()).toBe(true)
        const expected = missing.ready!.steps ?? missing.ready!.rule
        expect(JSON.parse((await step.textContent())!)).toEqual(expected)
        if (javaScriptEnabled) {
          await step.selectText()
          await page.keyboard.press('ControlOrMeta+C')
          const copied = await page.evaluate(() => navigator.clipboard.readText())
          expect(JSON.parse(copied)).toEqual(expected)
        }

        expect(requested).toEqual([pathToFileURL(file).href])
      } finally {
        await browser.close()
      }
    },
  )
})
