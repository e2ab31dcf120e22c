/**
 * `debt-token-simulator coverage report`: the parts of a suite's processes merged into one report,
 * printed as a table, written as JSON, and the CI gate that exits 1 naming what is missing and the
 * step that reaches it. Run through the command's own dispatch, on real files.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CoverageReport } from '../../src/contract/coverage-report.ts'
import { operations } from '../../src/contract/operations.ts'
import { type CoverageExchange, coverageOf } from '../../src/coverage/coverage-tally.ts'
import { dispatch } from '../../src/runtimes/cli/cli.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const exchange = (operation: string, status: number): CoverageExchange => ({
  operation,
  status,
  scenario: null,
  rule: null,
  fields: [],
  own: false,
})

async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await dispatch(['coverage', ...argv], { out: (text) => out.push(text), err: (text) => err.push(text) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A directory holding two processes' parts and a stray temporary file. */
function partsDirectory(): string {
  const directory = temporaryDirectory('coverage-parts-')
  writeFileSync(join(directory, 'coverage-1-a.json'), JSON.stringify(coverageOf([exchange('getUser', 200)])))
  writeFileSync(
    join(directory, 'coverage-2-b.json'),
    JSON.stringify(coverageOf([exchange('getUser', 404), exchange('listSecurityTokens', 200)])),
  )
  writeFileSync(join(directory, '.3-c.coverage.tmp'), '{"half')
  return directory
}

describe('replay --coverage', () => {
  it('writes the API coverage of an in-process replay, a scenario’s 503 apart with its rule', async () => {
    const file = join(temporaryDirectory('replay-coverage-'), 'replay-coverage.json')
    const out: string[] = []
    const scenario = join(import.meta.dirname, '../../scenarios/flaky-backend.json')
    const code = await dispatch(['replay', scenario, '--coverage', file], {
      out: (text) => out.push(text),
      err: (text) => out.push(text),
    })
    expect(code, out.join('\n')).toBe(0)
    expect(out.join('\n')).toContain(`API coverage (`)
    const report = CoverageReport.parse(JSON.parse(readFileSync(file, 'utf8')))
    const list = report.operations.find((operation) => operation.operationId === 'listSecurityTokens')!
    expect(list.calls).toBeGreaterThan(0)
    expect(list.undeclared[0]).toMatchObject({ status: 503, causes: [{ scenario: 'flaky-backend' }] })
    expect(list.undeclared[0]!.causes[0]!.rule).toMatchObject({ operation: '*', every: 3 })
  })

  it('refuses --coverage with --url, saying where a server’s coverage is', async () => {
    const err: string[] = []
    const code = await dispatch(['replay', 'scenarios', '--url', 'http://127.0.0.1:9', '--coverage', 'x.json'], {
      out: () => {},
      err: (text) => err.push(text),
    })
    expect(code).toBe(2)
    expect(err.join('\n')).toContain('GET /__sim/coverage')
  })
})

describe('coverage report', () => {
  it('merges the parts of a directory, prints the table and writes the JSON', async () => {
    const directory = partsDirectory()
    const json = join(directory, 'out', 'merged.json')
    const { code, out } = await run('report', directory, '--json', json)
    expect(code).toBe(0)
    expect(out).toContain(`API coverage: 2/${operations.length} operations`)
    expect(out).toMatch(/getUser\s+GET \/users\/\{id\}\s+2\s+1\s+✗\s+✗\s+1/)
    const merged = CoverageReport.parse(JSON.parse(readFileSync(json, 'utf8')))
    expect(merged).toEqual(
      coverageOf([exchange('getUser', 200), exchange('getUser', 404), exchange('listSecurityTokens', 200)]),
    )
  })

  it('exits 1 below a gate, naming what is missing and how to reach it', async () => {
    const { code, err } = await run('report', partsDirectory(), '--min-operations', '10', '--min-responses', '50%')
    expect(code).toBe(1)
    expect(err).toMatch(/^coverage below the gate: declared responses \d+(\.\d)?% < --min-responses 50%/)
    expect(err).toContain('operations never called: createSignatureContract')
    expect(err).toContain('getUser 401 (GET /users/{id})\n    the example request without Authorization: {"name"')
    expect(err).not.toContain('getUser 404')
  })

  it('writes a self-contained HTML page, each missing cell with its ready step', async () => {
    const directory = partsDirectory()
    const html = join(directory, 'coverage.html')
    expect((await run('report', directory, '--html', html)).code).toBe(0)
    const page = readFileSync(html, 'utf8')
    expect(page).toMatch(/^<!doctype html>/)
    expect(page).not.toMatch(/<script|<link|src=/)
    expect(page).toContain('<td class="seen">1</td>')
    expect(page).toContain('<summary>the example request without Authorization</summary>')
    expect(page).toContain('&#34;authorization&#34;: null')
  })

  it('counts toward the gate only what requests reached: what a rule forced is listed apart, named', async () => {
    const directory = temporaryDirectory('coverage-forced-')
    // As the shipped expired-credentials scenario does: one `*` rule answers every operation's declared 401.
    const rule = { operation: '*', respond: { status: 401, message: 'expired' } }
    const forced = operations.map(({ id }) => ({ ...exchange(id, 401), scenario: 'expired-credentials', rule }))
    writeFileSync(join(directory, 'coverage-1.json'), JSON.stringify(coverageOf([...forced, exchange('getUser', 200)])))
    const { code, out, err } = await run('report', directory, '--min-responses', '20')
    expect(code).toBe(1)
    expect(out).toContain(`API coverage: ${operations.length}/${operations.length} operations`)
    expect(out).toMatch(/getUser\s+GET \/users\/\{id\}\s+2\s+1\s+✗\s+✗\+1f\s+✗/)
    expect(out).toContain('Declared statuses a scenario rule forced')
    expect(out).toContain(`getUser 401 ×1 (scenario expired-credentials: ${JSON.stringify(rule)})`)
    expect(err).toMatch(/^coverage below the gate: declared responses \d+(\.\d)?% < --min-responses 20%/)
    expect(err).toContain('getUser 401 (GET /users/{id}) only forced ×1 (scenario expired-credentials:')
    const html = join(directory, 'coverage.html')
    expect((await run('report', directory, '--html', html)).code).toBe(0)
    expect(readFileSync(html, 'utf8')).toContain('never <small>(+1 forced by a rule)</small>')
  })

  it('passes a gate it meets', async () => {
    const { code } = await run('report', partsDirectory(), '--min-operations', '10')
    expect(code).toBe(0)
  })

  it('refuses what it cannot read, naming the file, and a wrong percentage', async () => {
    const directory = partsDirectory()
    writeFileSync(join(directory, 'other.json'), '{"format": "something else"}')
    const unreadable = await run('report', directory)
    expect(unreadable.code).toBe(1)
    expect(unreadable.err).toContain(`${join(directory, 'other.json')}: not a coverage report`)
    expect((await run('report', directory, '--min-responses', '120')).code).toBe(2)
    expect((await run('report')).code).toBe(2)
    expect((await run('merge', directory)).code).toBe(2)
    const empty = await run('report', temporaryDirectory('coverage-empty-'))
    expect(empty).toMatchObject({ code: 1, err: expect.stringContaining('no report in') })
  })

  it('reads only the directory’s own regular files, within a size, and never prints what a file holds', async () => {
    const secret = join(temporaryDirectory('coverage-outside-'), 'secret.json')
    writeFileSync(secret, 'root:x:0:0:secret-first-bytes')
    const leaking = partsDirectory()
    symlinkSync(secret, join(leaking, 'z-link.json'))
    const outside = await run('report', leaking)
    expect(outside.code).toBe(1)
    expect(outside.err).toContain(`${join(leaking, 'z-link.json')}: a link out of ${leaking}`)
    expect(outside.err).not.toContain('secret-first-bytes')

    const broken = partsDirectory()
    writeFileSync(join(broken, 'z-broken.json'), 'root:x:0:0:secret-first-bytes')
    const notJson = await run('report', broken)
    expect(notJson.err).toContain(`${join(broken, 'z-broken.json')}: not JSON`)
    expect(notJson.err).not.toContain('secret-first-bytes')

    const large = partsDirectory()
    writeFileSync(join(large, 'z-large.json'), `[${'0,'.repeat(3 * 1024 * 1024)}0]`)
    const tooLarge = await run('report', large)
    expect(tooLarge.code).toBe(1)
    expect(tooLarge.err).toContain('over the 5.0 MB a coverage report may hold')
  })
})
