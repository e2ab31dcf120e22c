/**
 * `coverage report`'s bound on what it holds (issue 45): a directory of many parts of one suite
 * merges into about one part's size, and parts that each bring rules of their own are refused once
 * their merge passes MAX_MERGED_REPORT_CHARS, naming the part that took it there, rather than held
 * in memory whatever their number. Run through the command's own dispatch, on real files.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type CoverageExchange, coverageOf } from '../../src/coverage/coverage-tally.ts'
import { MAX_MERGED_REPORT_CHARS } from '../../src/coverage/report-command.ts'
import { dispatch } from '../../src/runtimes/cli/cli.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await dispatch(['coverage', ...argv], { out: (text) => out.push(text), err: (text) => err.push(text) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A 503 a scenario's rule answered: the rule's message makes the part `size` characters or so. */
function ruled(scenario: string, size: number): CoverageExchange {
  return {
    operation: 'listSecurityTokens',
    status: 503,
    scenario,
    rule: {
      operation: 'listSecurityTokens',
      respond: { status: 503, message: scenario.repeat(size / scenario.length) },
    },
    fields: [],
    own: false,
  }
}

describe('coverage report, how much it merges', () => {
  it("merges many parts of one suite, which repeat one another, into one part's size", async () => {
    const directory = temporaryDirectory('coverage-many-')
    const read = { ...ruled('outage', 1000), status: 200, scenario: null, rule: null }
    const part = JSON.stringify(coverageOf([ruled('outage', 1000), read]))
    for (let i = 0; i < 200; i++) writeFileSync(join(directory, `coverage-${i}.json`), part)
    const { code, out, err } = await run('report', directory)
    expect(code, err).toBe(0)
    expect(out).toContain('listSecurityTokens 503 ×200 (scenario outage:')
  })

  it('refuses parts whose merge passes the bound, naming the part that took it there', async () => {
    const directory = temporaryDirectory('coverage-distinct-')
    // Each part under the 5 MB a part may hold, its rule its own: six of them merge past the bound.
    const size = Math.ceil(MAX_MERGED_REPORT_CHARS / 5)
    for (let i = 1; i <= 6; i++)
      writeFileSync(join(directory, `coverage-${i}.json`), JSON.stringify(coverageOf([ruled(`scenario-${i}-`, size)])))
    const { code, out, err } = await run('report', directory)
    expect(code).toBe(1)
    expect(out).toBe('')
    const part = join(directory, 'coverage-5.json')
    expect(err).toContain(`coverage: ${part}: merged with the 4 part(s) before it, the report reaches 5.`)
    expect(err).toContain('MB of JSON, over the 5 MB a merged report may hold')
  })
})
