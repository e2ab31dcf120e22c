/**
 * The browser runtime in a real browser: the simulator runs in a page under msw's setupWorker
 * (src/runtimes/browser.ts, bundled by esbuild) in headless Chromium, and answers a sequence that
 * covers every operation of the contract. The same sequence, sent by the same client code, goes
 * through a fresh in-process simulator (msw's setupServer, same seed); the replies must be
 * byte-identical (status, headers, body text). Absolute checks on top keep the test meaningful
 * even if both runtimes went wrong the same way.
 */
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationIds } from '../../src/contract/operations.ts'
import { matchRoute } from '../../src/pipeline/router.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { strictListenOptions } from '../../src/runtimes/node.ts'
import { fixtures, NEW_WALLET_A, NEW_WALLET_B } from '../support/world.ts'
import { runRequests, type WireReply, type WireRequest } from './app/wire.ts'
import { PAYER, phases, ReplyBook } from './sequence.ts'
import { chromiumAvailability, type LaunchedChromium, launchChromium } from './support/chromium.ts'
import { startTestPage, type TestPage } from './support/test-page.ts'

/** A seed other than the default, so the page provably uses the one it is given. */
const SEED = 4242
/** The API origin the app talks to; only the simulator's handlers answer it (no such host exists). */
const API_BASE_URL = 'https://api.simulator.test'
/** Bound on any single step in the browser, so a hung page fails the test instead of stalling it. */
const STEP_TIMEOUT_MS = 10_000
/** Where the one screenshot goes (outside the repository; overwritten each run). */
const SCREENSHOT = join(tmpdir(), 'debt-token-simulator-browser-test', 'page.png')

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[browser-runtime] skipped: ${availability.reason}`)

function within<T>(promise: Promise<T>, what: string, ms = STEP_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Runs the phases through `run`. Each phase is built from `reference`'s replies when given (so the
 * browser gets exactly the requests the in-process runtime got), else from its own.
 */
async function runSequence(
  run: (requests: WireRequest[]) => Promise<WireReply[]>,
  reference?: ReplyBook,
): Promise<{ requests: WireRequest[]; replies: WireReply[]; book: ReplyBook }> {
  const requests: WireRequest[] = []
  const replies: WireReply[] = []
  const book = new ReplyBook()
  for (const phase of phases) {
    const batch = phase(reference ?? book)
    const answered = await run(batch)
    book.add(answered)
    requests.push(...batch)
    replies.push(...answered)
  }
  return { requests, replies, book }
}

const title =
  availability.kind === 'skip'
    ? `browser runtime in Chromium (skipped: ${availability.reason})`
    : 'browser runtime in Chromium'

describe.skipIf(availability.kind === 'skip')(title, () => {
  let testPage: TestPage | undefined
  let chromium: LaunchedChromium | undefined
  let page: Page
  const pageErrors: string[] = []

  /** The in-process reference: a fresh simulator with the same seed and base URL, behind setupServer. */
  const reference = createSimulator({ seed: SEED, baseUrl: API_BASE_URL })
  const server = setupServer(...reference.handlers)

  const inPage = (requests: WireRequest[]) =>
    within(
      page.evaluate((batch) => window.simulatorPage!.run(batch), requests),
      `running ${requests.length} requests in the page`,
    )
  const inProcess = (requests: WireRequest[]) => runRequests(API_BASE_URL, requests)
  const resetPage = () =>
    within(
      page.evaluate(() => window.simulatorPage!.reset()),
      'reset() in the page',
    )

  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    ;[testPage, chromium] = await Promise.all([startTestPage(), launchChromium({ timeoutMs: 15_000 })])
    // After Chromium: its connection (a WebSocket to the project's shared Chromium) is a request from
    // this process, which msw's server, once listening, would refuse as one no handler answers.
    server.listen(strictListenOptions)
    page = await chromium.context.newPage()
    page.setDefaultTimeout(STEP_TIMEOUT_MS)
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      // Chromium logs every 4xx/5xx fetch as "Failed to load resource"; the sequence asks for those on purpose.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        pageErrors.push(`console: ${message.text()}`)
      // Started with `quiet: true` as docs/browser.md says, msw (2 or 3) logs nothing, not even its start.
      else if (message.text().includes('[MSW]')) pageErrors.push(`msw logged: ${message.text()}`)
    })
    await page.goto(`${testPage.origin}/?seed=${SEED}&api=${encodeURIComponent(API_BASE_URL)}`)
    await page.waitForFunction(() => window.simulatorPage !== undefined || window.simulatorPageError !== undefined)
    const startError = await page.evaluate(() => window.simulatorPageError)
    if (startError !== undefined) throw new Error(`the test page failed to start its worker: ${startError}`)
  }, 45_000)

  afterAll(async () => {
    server.close()
    await Promise.allSettled([chromium?.close(), testPage?.close()])
  }, 20_000)

  it('answers every operation byte-identically to the in-process runtime', async () => {
    reference.reset()
    await resetPage()
    const expected = await runSequence(inProcess)
    const actual = await runSequence(inPage, expected.book)

    expect(actual.replies.map((reply) => reply.label)).toEqual(expected.replies.map((reply) => reply.label))
    for (const [i, reply] of actual.replies.entries()) {
      const want = expected.replies[i]!
      expect({ label: reply.label, status: reply.status, contentType: reply.contentType, text: reply.text }).toEqual({
        label: want.label,
        status: want.status,
        contentType: want.contentType,
        text: want.text,
      })
    }
    expect(actual.replies.map((reply) => reply.headers)).toEqual(expected.replies.map((reply) => reply.headers))

    // Every operation of the contract was asked, and answered 200 at least once.
    const answered = new Map<string, number[]>()
    for (const [i, request] of actual.requests.entries()) {
      const match = matchRoute(request.method, new URL(request.path, API_BASE_URL).pathname)
      if (match.kind !== 'operation') throw new Error(`"${request.label}" matches no operation (${match.kind})`)
      answered.set(match.operation.id, [...(answered.get(match.operation.id) ?? []), actual.replies[i]!.status])
    }
    expect([...answered.keys()].sort()).toEqual([...operationIds].sort())
    for (const [id, statuses] of answered) expect(statuses, id).toContain(200)

    expect(pageErrors).toEqual([])
    await mkdir(join(SCREENSHOT, '..'), { recursive: true })
    await within(page.screenshot({ path: SCREENSHOT, fullPage: true }), 'the screenshot')
    console.info(
      `[browser-runtime] ${actual.replies.length} requests, bundle ${testPage!.bundleBytes} bytes, screenshot: ${SCREENSHOT}`,
    )
  })

  it('answers what the contract says, in the page on its own', async () => {
    await resetPage()
    const { book } = await runSequence(inPage)
    const json = (label: string) => book.json(label)
    const reply = (label: string) => book.reply(label)

    // The 401 shape, exactly.
    expect(reply('no Authorization header')).toMatchObject({ status: 401, contentType: 'application/json' })
    expect(reply('no Authorization header').text).toBe(
      '{"statusCode":"401","error":"Unauthorized","message":"Authorization header is missing: send Authorization: Bearer <token>"}',
    )
    // In-process answers are data, never a page, as the standalone server's are (issue 20).
    expect(reply('no Authorization header').headers).toEqual({
      'content-type': 'application/json',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'www-authenticate': 'Bearer',
    })
    expect(reply('Basic instead of Bearer').status).toBe(401)
    expect(reply('empty Bearer token').status).toBe(401)
    expect(reply('POST without Authorization').status).toBe(401)

    // Validation errors are 400s in the documented shape, naming the field.
    for (const [label, words] of [
      ['bad ADDRESS in path', 'path parameter address must be an ADDRESS'],
      ['bad ADDRESS in query', 'query parameter contractAddress must be an ADDRESS'],
      ['bad HASH', 'body.hash must be a HASH'],
      ['bad date', 'body.firstInstallmentDueDate must be a date'],
      ['missing field', 'body.investorAddress is required'],
      ['malformed JSON', 'body is not valid JSON'],
      ['update body missing', 'body is required'],
      ['update investor payment with bad date', 'body.date must be an ISO 8601 date-time'],
    ] as const) {
      const body = JSON.parse(reply(label).text)
      expect({ label, status: reply(label).status, statusCode: body.statusCode, error: body.error }).toEqual({
        label,
        status: 400,
        statusCode: '400',
        error: 'Bad Request',
      })
      expect(body.message, label).toContain(words)
    }

    // Unknown ids are 404s.
    for (const label of [
      'unknown user',
      'unknown signature contract',
      'update unknown manager payment',
      'update unknown investor payment',
      'update unknown security token',
      'delete unknown security token',
      'delete security token again',
    ]) {
      expect([label, reply(label).status, JSON.parse(reply(label).text).statusCode]).toEqual([label, 404, '404'])
    }

    // Fixtures read back as they are stored.
    expect(json('read user')).toEqual(fixtures.users[0])
    expect(json('read signature contract')).toEqual(fixtures.signatureContracts[0])
    expect(json('list security tokens')).toHaveLength(fixtures.securityTokens.length)

    // The signature contract opened a debt token, seen by its creditor and by its debtor.
    const created = json('read created signature contract')
    expect(created).toMatchObject({
      creditorWalletAddress: NEW_WALLET_A,
      debtorWalletAddress: NEW_WALLET_B,
      installments: '6',
    })
    const [debtToken, ...more] = json('list new creditor debt tokens')
    expect(more).toEqual([])
    expect(debtToken).toMatchObject({
      creditorAddress: NEW_WALLET_A,
      debtorAddress: NEW_WALLET_B,
      originalAmount: '12000.00',
    })
    expect(debtToken.parcels).toHaveLength(6)
    expect(json('list new debtor debt tokens')).toEqual([debtToken])
    expect(json('read new creditor debt token')).toEqual([debtToken])
    expect(json('read new debtor debt token')).toEqual([debtToken])
    expect(json('read new debt token under another creditor')).toEqual([])

    // The security token: created by the caller, updated, deleted.
    const securityToken = json('create security token')
    expect(securityToken.vaultAddresses).toHaveLength(2)
    const [listed] = json('list updated security token')
    expect(listed).toMatchObject({
      contractAddress: securityToken.contractAddress,
      symbol: 'BRWSR',
      acceptedRebatePercentage: 2.5,
      totalInvestmentAmount: 125000,
    })
    expect(listed.series.map((series: { name: string }) => series.name)).toEqual(['Sênior', 'Subordinada'])
    expect(json('delete security token')).toMatchObject({ success: true })
    expect(json('list deleted security token')).toEqual([])
    expect(json('list security tokens after delete')).toHaveLength(fixtures.securityTokens.length)

    // Payments: `series` and `serie` both land in `serie`; updates show in the lists.
    const [managerPayment] = json('list created manager payments')
    expect(managerPayment).toMatchObject({
      managerAddress: PAYER.manager,
      serie: 'SENIOR',
      status: 'PENDING',
      date: '2026-03-02T12:00:00.000Z',
    })
    expect(json('list updated manager payments')).toEqual([
      { ...managerPayment, status: 'PAID', hash: expect.any(String) },
    ])
    const [investorPayment] = json('list created investor payments')
    expect(investorPayment).toMatchObject({ investorAddress: PAYER.investor, serie: 'MEZANINO', type: 'JUROS' })
    expect(json('list updated investor payments')).toMatchObject([
      { id: investorPayment.id, status: 'FAILED', date: '2026-03-02T13:00:00Z' },
    ])
    expect(reply('PAID payment back to PENDING').status).toBe(400)
    expect(reply('series and serie disagree').status).toBe(400)

    expect(pageErrors).toEqual([])
  })

  it('starts over after reset(): the same requests give the same replies', async () => {
    await resetPage()
    const first = await runSequence(inPage)
    await resetPage()
    const second = await runSequence(inPage)
    expect(second.replies).toEqual(first.replies)
  })

  it('leaves requests outside its base URL to the network', async () => {
    const user = fixtures.users[0]!
    const outside = await within(
      page.evaluate(async (path) => {
        const response = await fetch(path, { headers: { authorization: 'Bearer x' } })
        return {
          status: response.status,
          contentType: response.headers.get('content-type'),
          text: await response.text(),
        }
      }, `/users/${user.id}`),
      'a same-origin fetch',
    )
    // The page's own static server answered, not the simulator.
    expect(outside).toEqual({
      status: 404,
      contentType: 'text/plain; charset=utf-8',
      text: `test page server: no GET /users/${user.id}\n`,
    })
  })
})
