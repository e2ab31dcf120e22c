/**
 * The pieces of debt-token-simulator/playwright the example suite does not reach: session ids
 * for any test title, where the shared server's URL comes from, which requests the session route
 * touches, @msw/playwright's loading under the installed msw (2: loads; 3: a clear error),
 * `inProcess()` and `remote()`.
 */
import { createRequire } from 'node:module'
import type { BrowserContext, Route } from '@playwright/test'
import { afterEach, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { explainLoadFailure, loadMswPlaywright } from '../../src/runtimes/playwright/in-process.ts'
import { inProcess, type PageSimulator, remote } from '../../src/runtimes/playwright/index.ts'
import { createRemoteSimulator } from '../../src/runtimes/playwright/remote-simulator.ts'
import {
  resolveServerUrl,
  routeWithSession,
  sessionIdFor,
  setSessionCookie,
} from '../../src/runtimes/playwright/shared-server.ts'
import { SESSION_ID_PATTERN } from '../../src/sessions/session-registry.ts'

describe('sessionIdFor', () => {
  it('makes a valid session id of any title, naming the test, different each time', () => {
    const titles = ['lists the seeded security tokens', 'ünïcødé / & ? "quotes"', '', '-'.repeat(10), 'x'.repeat(200)]
    for (const title of titles) {
      const id = sessionIdFor(title)
      expect(id).toMatch(SESSION_ID_PATTERN)
      expect(id.length).toBeLessThanOrEqual(64)
      expect(id).toMatch(/^pw-[A-Za-z0-9._~-]+-[0-9a-f]{8}$/)
    }
    expect(sessionIdFor('lists the seeded security tokens', '0a1b2c3d')).toBe(
      'pw-lists-the-seeded-security-tokens-0a1b2c3d',
    )
    expect(sessionIdFor('', '0a1b2c3d')).toBe('pw-test-0a1b2c3d')
    expect(sessionIdFor('same')).not.toBe(sessionIdFor('same'))
  })
})

describe('resolveServerUrl', () => {
  const saved = process.env.SIM_URL
  afterEach(() => {
    if (saved === undefined) delete process.env.SIM_URL
    else process.env.SIM_URL = saved
  })

  it('takes the option, else SIM_URL, without a trailing slash', () => {
    process.env.SIM_URL = 'http://127.0.0.1:4010/'
    expect(resolveServerUrl(undefined)).toBe('http://127.0.0.1:4010')
    expect(resolveServerUrl('http://localhost:5000')).toBe('http://localhost:5000')
  })

  it('says how to provide it when there is none, and refuses what is not an http URL', () => {
    delete process.env.SIM_URL
    expect(() => resolveServerUrl(undefined)).toThrow(/startStandaloneServer\(\).*process\.env\.SIM_URL = server\.url/)
    expect(() => resolveServerUrl('127.0.0.1:4010')).toThrow('is not an http(s) URL: "127.0.0.1:4010"')
    expect(() => resolveServerUrl('ftp://127.0.0.1')).toThrow('is not an http(s) URL')
  })
})

describe('routeWithSession', () => {
  it("adds the session header to the server's requests only, keeping the page's own headers", async () => {
    let matches: ((url: URL) => boolean) | undefined
    let handler: ((route: Route) => Promise<void>) | undefined
    const context = {
      route: async (predicate: (url: URL) => boolean, routeHandler: (route: Route) => Promise<void>) => {
        matches = predicate
        handler = routeHandler
      },
    } as unknown as BrowserContext
    await routeWithSession(context, 'http://127.0.0.1:4010', 'pw-one')

    expect(matches!(new URL('http://127.0.0.1:4010/securityToken?marketplace=true'))).toBe(true)
    expect(matches!(new URL('http://127.0.0.1:4010/__sim/state'))).toBe(true)
    for (const other of ['http://127.0.0.1:40100/securityToken', 'http://127.0.0.1:5173/', 'https://cdn.test/a.js'])
      expect(matches!(new URL(other))).toBe(false)

    let sent: unknown
    const route = {
      request: () => ({ headers: () => ({ authorization: 'Bearer page', 'content-type': 'application/json' }) }),
      fallback: async (overrides: unknown) => {
        sent = overrides
      },
    } as unknown as Route
    await handler!(route)
    expect(sent).toEqual({
      headers: { authorization: 'Bearer page', 'content-type': 'application/json', 'x-sim-session': 'pw-one' },
    })
  })
})

describe('setSessionCookie', () => {
  it("sets the sim-session cookie for the app's origin and the server's, once each, at path /", async () => {
    const added: unknown[] = []
    const context = { addCookies: async (cookies: unknown[]) => added.push(...cookies) } as unknown as BrowserContext
    await setSessionCookie(context, ['http://localhost:3000/app/', 'http://127.0.0.1:4010', undefined], 'pw-one')
    expect(added).toEqual([
      { name: 'sim-session', value: 'pw-one', url: 'http://localhost:3000/' },
      { name: 'sim-session', value: 'pw-one', url: 'http://127.0.0.1:4010/' },
    ])
    added.length = 0
    await setSessionCookie(context, [undefined, 'http://127.0.0.1:4010/', 'http://127.0.0.1:4010'], 'pw-two')
    expect(added).toEqual([{ name: 'sim-session', value: 'pw-two', url: 'http://127.0.0.1:4010/' }])
  })
})

describe('loading @msw/playwright', () => {
  const msw = (createRequire(import.meta.url)('msw/package.json') as { version: string }).version

  it.runIf(msw.startsWith('2.'))(`loads under msw ${msw}`, async () => {
    expect(typeof (await loadMswPlaywright()).defineNetworkFixture).toBe('function')
  })

  it.runIf(!msw.startsWith('2.'))(`fails under msw ${msw}, saying that in-process mode needs msw 2`, async () => {
    await expect(loadMswPlaywright()).rejects.toThrow(
      `in-process mode needs msw 2: @msw/playwright supports msw 2 only (peer msw ^2.12.10) and this project has msw ${msw}`,
    )
    await expect(loadMswPlaywright()).rejects.toThrow("simulatorMode 'shared-server'")
  })

  it('says what to install when @msw/playwright is missing', () => {
    const missing = Object.assign(new Error("Cannot find package '@msw/playwright' imported from /app/x.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    })
    expect(explainLoadFailure(missing, '2.15.0').message).toMatch(
      /in-process mode needs @msw\/playwright: npm install -D @msw\/playwright \(or run the suite in simulatorMode 'shared-server'/,
    )
    expect(explainLoadFailure(new Error('boom'), '2.15.0').message).toMatch(/failed to load .*: boom$/)
  })
})

describe('inProcess', () => {
  it('gives the in-process simulator back, and refuses a remote one saying why', () => {
    const simulator = createSimulator()
    expect(inProcess(simulator)).toBe(simulator)
    const remote = createRemoteSimulator({ url: 'http://127.0.0.1:4010', session: 'pw-a' })
    expect(() => inProcess(remote)).toThrow(
      /in shared-server mode the test's simulator is a client of session pw-a on http:\/\/127\.0\.0\.1:4010, whose clock every session shares/,
    )
  })
})

describe('remote', () => {
  it('gives the remote simulator back, typed with its session, and refuses an in-process one saying why', () => {
    // As the fixture gives it: either kind.
    const simulator = createRemoteSimulator({ url: 'http://127.0.0.1:4010', session: 'pw-b' }) as PageSimulator
    // @ts-expect-error a test's simulator may be in-process, which has no session: remote() narrows it
    void simulator.session
    const session: string = remote(simulator).session
    expect(session).toBe('pw-b')
    expect(remote(simulator).url).toBe('http://127.0.0.1:4010')
    expect(() => remote(createSimulator())).toThrow(
      /in in-process mode the test's simulator is the simulator itself, with no session and no server\. Skip the test there: test\.skip\(simulatorMode === 'in-process'/,
    )
  })
})
