/**
 * A third-party validator agrees with the document: Prism's validation proxy (`prism proxy
 * docs/openapi.json <server> --errors`, test/support/prism-proxy.ts) in front of the built
 * standalone server, on loopback, with a flow through it that calls every operation and control
 * route (the event stream aside: it never ends, and Prism buffers an answer whole). The flow
 * includes the statuses a client meets off the happy path: a scenario's errors on every operation
 * (declared ones and others, which the document's `default` holds), a scenario's 401, the
 * server's own 400, 401 and 404. Prism must report nothing: no request it refuses, no answer it
 * flags (an `sl-violations` header, its problem+json error, a line of its log).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ControlRouteId } from '../../src/contract/control.ts'
import { CALENDAR_SPAN_MS } from '../../src/contract/instants.ts'
import { operations } from '../../src/contract/operations.ts'
import { type StartedServer, startCli } from '../support/cli-process.ts'
import { document } from '../support/openapi-document.ts'
import { type PrismProxy, startPrismProxy } from '../support/prism-proxy.ts'
import { samples } from '../support/samples.ts'
import { fixtures } from '../support/world.ts'

interface Step {
  method: string
  path: string
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** The Authorization header: a token by default, another value, or none (false). */
  authorization?: string | false
}

let server: StartedServer
let prism: PrismProxy
beforeAll(async () => {
  server = await startCli([])
  prism = await startPrismProxy(server.url)
}, 120_000)
afterAll(async () => {
  await prism?.stop()
  await server?.stop()
})

/** The operation id a method and path reach, by the document's paths (literal segments first). */
const routes = Object.entries(document.paths)
  .flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      id: operation.operationId,
      parameters: (path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
    })),
  )
  .sort((a, b) => a.parameters - b.parameters)
function operationOf(method: string, path: string): string | undefined {
  const bare = path.split('?')[0]!
  return routes.find((route) => route.method === method && route.pattern.test(bare))?.id
}

const reached = new Set<string>()
const statuses = new Set<number>()

async function send(step: Step): Promise<void> {
  const headers: Record<string, string> = { ...step.headers }
  if (step.authorization !== false) headers.authorization = step.authorization ?? 'Bearer prism-flow'
  if (step.body !== undefined) headers['content-type'] = 'application/json'
  const reply = await fetch(`${prism.url}${step.path}`, {
    method: step.method,
    headers,
    ...(step.body !== undefined && { body: JSON.stringify(step.body) }),
  })
  const text = await reply.text()
  const what = `${step.method} ${step.path} → ${reply.status} ${text.slice(0, 400)}`
  expect(reply.headers.get('sl-violations'), what).toBeNull()
  expect(reply.headers.get('content-type') ?? '', what).not.toMatch(/problem\+json/)
  expect(reply.status, what).toBe(step.status)
  const id = operationOf(step.method, step.path)
  expect(id, what).toBeDefined()
  reached.add(id!)
  statuses.add(reply.status)
}

const reset: Step = { method: 'POST', path: '/__sim/reset', status: 200 }

/** Every operation's sample answers as usual, each from the seeded world. */
function happyPath(): Step[] {
  return Object.values(samples).flatMap((sample) => [reset, { ...sample, status: 200 }])
}

/** Statuses a scenario's rule answers: some each operation lists, some only its `default` holds. */
const SCENARIO_STATUSES = [503, 429, 500, 502, 504, 418, 409, 422, 400, 404, 401, 403, 507, 599]

function scenarioErrors(): Step[] {
  const statusOf = (i: number) => SCENARIO_STATUSES[i % SCENARIO_STATUSES.length]!
  const scenario = {
    description: 'every operation fails, each with its own status',
    rules: operations.map((operation, i) => ({
      operation: operation.id,
      respond: {
        status: statusOf(i),
        message: `the backend answered ${statusOf(i)}`,
        ...([429, 503].includes(statusOf(i)) && { headers: { 'retry-after': '1' } }),
      },
    })),
  }
  return [
    { method: 'PUT', path: '/__sim/scenario', body: { scenario, name: 'everything-fails' }, status: 200 },
    ...operations.map((operation, i): Step => ({ ...samples[operation.id], status: statusOf(i) })),
    { method: 'DELETE', path: '/__sim/scenario', status: 200 },
    // A shipped scenario by header: an expired token answers 401 whatever the request.
    { ...samples.listSecurityTokens, headers: { 'x-sim-scenario': 'expired-credentials' }, status: 401 },
    // A shipped scenario activated by name: every 3rd request answers 503.
    { method: 'PUT', path: '/__sim/scenario', body: { name: 'flaky-backend' }, status: 200 },
    { ...samples.listSecurityTokens, status: 200 },
    { ...samples.getUser, status: 200 },
    { ...samples.listSecurityTokens, status: 503 },
    { method: 'DELETE', path: '/__sim/scenario', status: 200 },
  ]
}

/** The server's own refusals of requests the document calls valid. */
function serverErrors(): Step[] {
  return [
    { method: 'GET', path: '/users/00000000-0000-4000-8000-000000000000', status: 404 },
    // Prism's Bearer check takes any text after `Bearer `; the simulator wants one token (RFC 6750).
    { ...samples.listSecurityTokens, authorization: 'Bearer two words', status: 401 },
    { ...samples.listSecurityTokens, headers: { 'x-sim-scenario': 'no-such-scenario' }, status: 400 },
    // Where the clock is decides how far it may move: back by the whole calendar leaves it.
    { method: 'PUT', path: '/__sim/clock', body: { advanceMs: -CALENDAR_SPAN_MS }, status: 400 },
    { method: 'DELETE', path: '/__sim/sessions/nobody', status: 404 },
  ]
}

/** Every control route but the event stream, in an order that gives each something to answer. */
function controlRoutes(): Step[] {
  const session = { 'x-sim-session': 'prism' }
  const steps: Record<Exclude<ControlRouteId, 'streamEvents'>, Omit<Step, 'method'> & { method?: string }> = {
    listControlRoutes: { path: '/__sim', status: 200 },
    getHealth: { path: '/__sim/health', status: 200 },
    activateScenario: { path: '/__sim/scenario', body: { name: 'flaky-backend' }, headers: session, status: 200 },
    addScenarioRule: {
      path: '/__sim/scenario/rules',
      body: { operation: 'createManagerPayment', fromCall: 2, respond: { status: 503, message: 'down' } },
      headers: session,
      status: 200,
    },
    getScenario: { path: '/__sim/scenario', headers: session, status: 200 },
    getState: { path: '/__sim/state?table=users&limit=2', headers: session, status: 200 },
    createRecords: {
      path: '/__sim/factories/debtTokens',
      body: { count: 2, state: 'overdue' },
      headers: session,
      status: 200,
    },
    listJournal: { path: '/__sim/journal?limit=5', status: 200 },
    getJournalHar: { path: '/__sim/journal.har?limit=5', status: 200 },
    listSessions: { path: '/__sim/sessions', status: 200 },
    getClock: { path: '/__sim/clock', status: 200 },
    setClock: { path: '/__sim/clock', body: { now: '2026-06-01T00:00Z' }, status: 200 },
    deactivateScenario: { path: '/__sim/scenario', headers: session, status: 200 },
    listTableRecords: { path: '/__sim/tables/users?limit=2&q=a', headers: session, status: 200 },
    getTableRecord: { path: `/__sim/tables/users/${fixtures.users[0]!.id}`, headers: session, status: 200 },
    listScenarioCatalog: { path: '/__sim/scenarios', status: 200 },
    getScenarioFile: { path: '/__sim/scenarios/flaky-backend', status: 200 },
    getScenarioSchema: { path: '/__sim/scenario.schema.json', status: 200 },
    checkScenario: {
      path: '/__sim/scenario/check',
      body: { name: 'draft', scenario: { description: 'd', rules: [] } },
      status: 200,
    },
    buildScenarioFromHar: {
      path: '/__sim/scenario-file/from-har',
      body: {
        log: {
          version: '1.2',
          entries: [
            {
              request: { method: 'GET', url: 'https://api.example.test/securityToken', headers: [] },
              response: { status: 200, content: { mimeType: 'application/json', text: '[]' } },
            },
          ],
        },
      },
      status: 200,
    },
    buildScenarioFile: {
      path: '/__sim/scenario-file',
      body: {
        exchanges: [
          {
            method: 'GET',
            path: '/securityToken',
            query: '',
            requestHeaders: { authorization: 'Bearer t' },
            requestBody: null,
            status: 200,
            responseBody: '[]',
          },
        ],
      },
      status: 200,
    },
    getRecordedScenario: { path: '/__sim/recording/scenario', status: 409 },
    startRecording: { path: '/__sim/recording', body: {}, status: 200 },
    getRecording: { path: '/__sim/recording', status: 200 },
    stopRecording: { path: '/__sim/recording', status: 200 },
    replayScenario: { path: '/__sim/replay', body: { name: 'flaky-backend' }, status: 200 },
    resetSimulator: { path: '/__sim/reset', headers: session, status: 200 },
    endSession: { path: '/__sim/sessions/prism', status: 200 },
    clearJournal: { path: '/__sim/journal', status: 200 },
    getOpenApiDocument: { path: '/__sim/openapi.json', status: 200 },
    flushRecording: { path: '/__sim/record/flush', status: 409 },
    getCoverage: { path: '/__sim/coverage', status: 200 },
    resetCoverage: { path: '/__sim/coverage/reset', status: 200 },
    getDashboard: { path: '/__sim/ui', status: 200 },
    getDashboardScript: { path: '/__sim/ui/dashboard.js', status: 200 },
    getDashboardStyles: { path: '/__sim/ui/dashboard.css', status: 200 },
  }
  const methods = new Map(routes.map((route) => [route.id, route.method]))
  return Object.entries(steps).map(([id, step]) => ({ method: methods.get(id)!, ...step }))
}

it('reports nothing over a flow through every operation, scenario errors included', async () => {
  for (const step of [...happyPath(), ...serverErrors(), ...scenarioErrors(), ...controlRoutes()]) await send(step)
  const every = routes.map((route) => route.id).filter((id) => id !== 'streamEvents')
  expect([...reached].sort()).toEqual(every.sort())
  expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 404, 409, 429, 418, 503, 599]))
  // Nothing Prism refused or flagged reached its log either (a warning does not change the answer).
  expect(prism.output()).not.toMatch(/Violation|Request terminated with error/)
}, 120_000)
