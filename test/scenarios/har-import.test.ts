/**
 * HAR in: a session saved by a browser's devtools, Playwright, Charles or an older 1.1 exporter
 * (the samples in test/fixtures/har/, each with the tool's own fields, base64 bodies and bodies
 * missing somewhere) becomes a scenario that validates and replays green against the default
 * simulator, with what it left out counted by reason; `--world` writes fixture files a simulator
 * starts from and answers with the same data; the command prints the summary.
 */
import { copyFileSync, existsSync, readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadFixtureDirectory } from '../../src/model/load-fixture-directory.ts'
import { parseHar } from '../../src/record-replay/har-file.ts'
import { importHarFile } from '../../src/record-replay/har-import.ts'
import { harToScenario } from '../../src/record-replay/har-to-scenario.ts'
import { harWorld } from '../../src/record-replay/har-world.ts'
import { formatResults } from '../../src/record-replay/replay.ts'
import { dispatch } from '../../src/runtimes/cli/cli.ts'
import { replayInProcess } from '../../src/runtimes/cli/replay.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { parseScenario } from '../../src/scenarios/scenario-schema.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'
import { call } from './support.ts'

const samples = join(import.meta.dirname, '../fixtures/har')
const sample = (name: string) => join(samples, name)
const readSample = (name: string) => parseHar(readFileSync(sample(name), 'utf8'), name)

/** Each tool's sample: the steps it yields and what it leaves out, by reason. */
const SAMPLES = [
  {
    file: 'chromium-devtools.har',
    steps: ['GET', 'POST', 'GET', 'GET'],
    leftOut: { scheme: 1, control: 1, path: 2, method: 1, noResponse: 1 },
  },
  { file: 'firefox.har', steps: ['GET', 'POST', 'GET'], leftOut: { scheme: 1, path: 1 } },
  { file: 'playwright-recordhar.har', steps: ['GET', 'POST', 'GET'], leftOut: { control: 1 } },
  { file: 'charles.har', steps: ['GET', 'POST', 'GET'], leftOut: { path: 1 } },
  { file: 'har-1.1.har', steps: ['GET'], leftOut: {} },
] as const

function output() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, sink: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) } }
}

describe('a HAR file of each tool', () => {
  for (const { file, steps, leftOut } of SAMPLES) {
    it(`${file}: becomes a scenario that validates and replays green in-process, the rest counted by reason`, async () => {
      const dir = temporaryDirectory('dts-har-')
      const out = join(dir, 'session.json')
      const result = importHarFile({ har: sample(file), out })
      expect(Object.fromEntries(result.leftOut)).toEqual(leftOut)
      const scenario = parseScenario(JSON.parse(readFileSync(out, 'utf8')), out)
      expect(scenario.steps!.map((step) => step.request.method)).toEqual(steps)
      // No credential is written; replay's token fills the mask.
      expect(readFileSync(out, 'utf8')).not.toContain('qa-secret-token')
      expect(scenario.steps![0]!.request.headers).toMatchObject({ authorization: 'Bearer ***' })
      const results = await replayInProcess(scenario, file)
      expect(
        results.filter((step) => !step.passed),
        formatResults(file, results),
      ).toEqual([])
    })
  }

  it('decodes base64 bodies (Chromium, Firefox, Charles) into the JSON they hold', () => {
    const chromium = harToScenario(readSample('chromium-devtools.har'), 'chromium-devtools.har').scenario
    expect(chromium.steps![2]!.expect.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1 })]))
    const charles = harToScenario(readSample('charles.har'), 'charles.har').scenario
    expect(charles.steps![2]!.expect.body).toMatchObject({ email: 'bryan_albuquerque11@yahoo.com' })
  })

  it('expects only the status of an answer whose body is not in the HAR, and notes it by entry', () => {
    const { scenario } = harToScenario(readSample('chromium-devtools.har'), 'chromium-devtools.har')
    expect(scenario.steps![3]!.expect).toEqual({ status: 200 })
    expect(scenario.notes).toContain('entries[7]: no response.content.text in the HAR: only the status is expected')
  })

  it("reads Playwright's attached bodies (content._file) beside the HAR, and notes one that is not there", () => {
    const { scenario } = importHarFile({ har: sample('playwright-recordhar.har'), out: '-' })
    expect(scenario.steps![0]!.expect.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: 2 })]))
    expect(scenario.steps![2]!.expect).toEqual({ status: 200 })
    expect(scenario.notes).toContain(
      "entries[3]: its answer's body is in not-saved-beside.json, not found beside the HAR: only the status is expected",
    )
  })

  it("never reads an attached body outside the HAR's directory", async () => {
    const dir = temporaryDirectory('dts-har-attached-')
    const { mkdirSync, writeFileSync } = await import('node:fs')
    mkdirSync(join(dir, 'saved'))
    writeFileSync(join(dir, 'outside.json'), readFileSync(sample('playwright-list.json')))
    const har = JSON.parse(readFileSync(sample('playwright-recordhar.har'), 'utf8'))
    har.log.entries[1].response.content._file = '../outside.json'
    writeFileSync(join(dir, 'saved/session.har'), JSON.stringify(har))
    const { scenario } = importHarFile({ har: join(dir, 'saved/session.har'), out: '-' })
    expect(scenario.steps![0]!.expect).toEqual({ status: 200 })
    // Nor through a link in it that leads out.
    symlinkSync(join(dir, 'outside.json'), join(dir, 'saved/linked.json'))
    har.log.entries[1].response.content._file = 'linked.json'
    writeFileSync(join(dir, 'saved/session.har'), JSON.stringify(har))
    const linked = importHarFile({ har: join(dir, 'saved/session.har'), out: '-' })
    expect(linked.scenario.steps![0]!.expect).toEqual({ status: 200 })
  })

  it('matches operations whatever the host, and keeps a step for the id a POST assigned (captured)', () => {
    const { scenario } = harToScenario(readSample('charles.har'), 'charles.har')
    expect(scenario.steps![1]!.capture).toEqual({ id: 'body.id' })
  })

  it('expects an instant the service stamped on a write as a string, there and later; exact what the client sent', () => {
    const stamped = '2026-05-05T05:05:05.123Z'
    const sent = '2026-03-01T10:00:00.000Z'
    const entry = (method: string, url: string, answer: unknown, body?: unknown) => ({
      request: {
        method,
        url,
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        ...(body !== undefined && { postData: { mimeType: 'application/json', text: JSON.stringify(body) } }),
      },
      response: { status: 200, content: { mimeType: 'application/json', text: JSON.stringify(answer) } },
    })
    const har = {
      log: {
        version: '1.2',
        entries: [
          entry('POST', 'https://x.test/manager', { id: 9, date: sent, createdAt: stamped }, { date: sent }),
          entry('GET', 'https://x.test/securityToken', [{ createdAt: stamped, date: sent }]),
        ],
      },
    }
    const { scenario } = harToScenario(parseHar(JSON.stringify(har), 'x.har'), 'x.har')
    expect(scenario.steps![0]!.expect.body).toMatchObject({ date: sent, createdAt: { $type: 'string' } })
    expect(scenario.steps![1]!.expect.body).toEqual([{ createdAt: { $type: 'string' }, date: sent }])
  })
})

describe('the world a HAR saw (--world)', () => {
  it('writes fixture files a simulator starts from, answering a GET with the data the HAR showed', async () => {
    const dir = temporaryDirectory('dts-har-world-')
    const world = join(dir, 'world')
    const result = importHarFile({ har: sample('firefox.har'), out: join(dir, 's.json'), world })
    expect(result.world?.counts).toMatchObject({ securityTokens: 3, managerPayments: 2 })
    const simulator = createSimulator({ fixtures: loadFixtureDirectory(world) })
    const har = readSample('firefox.har')
    const shown = JSON.parse(Buffer.from(har.log.entries[2]!.response.content.text!, 'base64').toString('utf8'))
    expect((await call(simulator, 'GET', '/securityToken')).json).toEqual(shown)
  })

  it('reports a record read twice with other values, and keeps the first', () => {
    const har = readSample('charles.har')
    const user = JSON.parse(Buffer.from(har.log.entries[2]!.response.content.text!, 'base64').toString('utf8'))
    const again = structuredClone(har.log.entries[2]!)
    again.response.content = {
      mimeType: 'application/json',
      text: JSON.stringify({ ...user, email: 'new@example.com' }),
    }
    har.log.entries.push(again)
    const { exchanges } = harToScenario(har, 'charles.har')
    const world = harWorld(exchanges)
    expect(world.conflicts).toEqual([
      `users.json ${user.id}: entries[2] and entries[4] differ in email (the first kept)`,
    ])
    expect(world.files['users.json']).toEqual([user])
  })

  it('is the world the session started from: what it created left out, what it changed as read before', () => {
    const token = fixtures.securityTokens[0]!
    const paid = { ...fixtures.managerPayments[0]!, tokenAddress: token.contractAddress }
    const pending = { ...paid, id: 2, status: 'PENDING' }
    const updated = { ...pending, status: 'PAID', amount: 777 }
    const made = { ...pending, id: 3 }
    const list = `https://x.test/manager/${paid.managerAddress}/${token.contractAddress}`
    const entry = (method: string, url: string, answer: unknown) => ({
      request: {
        method,
        url,
        headers: [],
        ...(method !== 'GET' && { postData: { mimeType: 'application/json', text: '{}' } }),
      },
      response: { status: 200, content: { mimeType: 'application/json', text: JSON.stringify(answer) } },
    })
    const har = parseHar(
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            entry('GET', 'https://x.test/securityToken', [{ ...token, expired: false }]),
            entry('GET', list, [paid, pending]),
            // Writes answer an acknowledgement naming what they wrote, as the service does.
            entry('POST', 'https://x.test/manager', { status: 'success', message: 'manager payment 3 stored', id: 3 }),
            entry('PUT', `https://x.test/manager/${token.contractAddress}/2`, { success: true, message: 'updated' }),
            entry('GET', list, [paid, updated, made]),
          ],
        },
      }),
      'x.har',
    )
    const world = harWorld(harToScenario(har, 'x.har').exchanges)
    expect(world.files['manager-payments.json']).toEqual([paid, pending])
    expect(world.created).toBe(1)
    expect(world.conflicts).toEqual([])
  })

  it('leaves out, and counts, records that name a security token the HAR did not show (the world would not load)', () => {
    const { exchanges } = harToScenario(readSample('har-1.1.har'), 'har-1.1.har')
    const world = harWorld(exchanges)
    expect(world.unlinked).toBe(2)
    expect(world.files['manager-payments.json']).toEqual([])
  })
})

describe('scenarios from-har', () => {
  it('writes <name>.scenario.json beside the HAR by default and prints what it wrote and left out', async () => {
    const dir = temporaryDirectory('dts-har-cli-')
    const har = join(dir, 'checkout.har')
    const { copyFileSync } = await import('node:fs')
    copyFileSync(sample('chromium-devtools.har'), har)
    const { out, err, sink } = output()
    expect(await dispatch(['scenarios', 'from-har', har, '--world', join(dir, 'world')], sink)).toBe(0)
    expect(err).toEqual([])
    expect(existsSync(join(dir, 'checkout.scenario.json'))).toBe(true)
    expect(out).toContain(`wrote ${join(dir, 'checkout.scenario.json')}: 4 steps from 10 entries of ${har}`)
    expect(out).toContain('  left out 2 entries: not a path of the API (a page, an asset, another service)')
    expect(out).toContain('  left out 1 entry: no response (blocked, cancelled or failed: status 0)')
    expect(out).toContain(`serve it:  npx debt-token-simulator --fixtures ${join(dir, 'world')}`)
  })

  it('prints the scenario on stdout with --out - (the summary on stderr)', async () => {
    const { out, err, sink } = output()
    expect(await dispatch(['scenarios', 'from-har', sample('har-1.1.har'), '--out', '-'], sink)).toBe(0)
    expect(parseScenario(JSON.parse(out.join('\n')), 'stdout').steps).toHaveLength(1)
    expect(err[0]).toBe(`converted: 1 step from 1 entry of ${sample('har-1.1.har')}`)
  })

  it('refuses an --out that is the HAR it reads, by its path or through a link, and leaves the HAR', async () => {
    const dir = temporaryDirectory('dts-har-cli-')
    const har = join(dir, 'session.har')
    copyFileSync(sample('har-1.1.har'), har)
    symlinkSync(har, join(dir, 'link.json'))
    const before = readFileSync(har, 'utf8')
    for (const out of [har, join(dir, '.', 'session.har'), join(dir, 'link.json')]) {
      const { err, sink } = output()
      expect(await dispatch(['scenarios', 'from-har', har, '--out', out], sink)).toBe(1)
      expect(err).toEqual([
        `scenarios from-har: --out ${out} is the HAR being read: name another file for the scenario (nothing written)`,
      ])
    }
    expect(readFileSync(har, 'utf8')).toBe(before)
  })

  it('refuses an --out that names a directory, saying so once, and writes nothing', async () => {
    const dir = temporaryDirectory('dts-har-cli-')
    const { err, sink } = output()
    expect(await dispatch(['scenarios', 'from-har', sample('har-1.1.har'), '--out', dir], sink)).toBe(1)
    expect(err).toEqual([
      `scenarios from-har: ${dir} is a directory; name a file in it, e.g. ${join(dir, 'session.json')} (nothing written)`,
    ])
  })

  it('refuses usage mistakes with exit 2 and the help', async () => {
    for (const argv of [[], ['a.har', 'b.har'], ['a.har', '--bogus']]) {
      const { err, sink } = output()
      expect(await dispatch(['scenarios', 'from-har', ...argv], sink)).toBe(2)
      expect(err[0]).toMatch(/^scenarios from-har: .*\n\nUsage:/s)
    }
  })

  it('refuses a file it cannot convert with exit 1, the file and the field, and writes nothing', async () => {
    const dir = temporaryDirectory('dts-har-cli-')
    const har = join(dir, 'broken.har')
    const { writeFileSync, readdirSync } = await import('node:fs')
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', entries: [{ request: { method: 'GET' } }] } }))
    const { err, sink } = output()
    expect(await dispatch(['scenarios', 'from-har', har, '--world', join(dir, 'w')], sink)).toBe(1)
    expect(err).toEqual([`scenarios from-har: ${har}: log.entries[0].request.url: is required (nothing written)`])
    expect(readdirSync(dir)).toEqual(['broken.har'])
  })
})
