/**
 * Headless Chromium for the browser test: Debian's headless shell (/usr/bin/chromium-headless-shell,
 * the build Playwright itself runs for headless tests: the browser without its UI, a fraction of
 * the full browser's CPU per page), else its full /usr/bin/chromium, driven by playwright-core
 * (Playwright's own browser download does not work here). Each caller gets fresh storage: a new
 * browser context of the one Chromium the browser project's global setup started
 * (chromium-server.global.ts), or, for a caller that needs a process of its own (flags,
 * preferences) or when no shared Chromium runs, a launch with a fresh profile dir, removed on
 * close. When the binary is missing the test must not pass silently: under CI it fails with the
 * reason, elsewhere it is skipped with the reason shown.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'

/**
 * The WebSocket endpoint of the browser project's shared Chromium (chromium-server.global.ts), set
 * in the environment the test workers are started with; absent when none runs. An environment
 * variable, not vitest's provide/inject: the consumer leg bundles this file for other runners.
 */
export const CHROMIUM_ENDPOINT_VARIABLE = 'DEBT_TOKEN_SIMULATOR_TEST_CHROMIUM'

/** The Chromium binary: CHROMIUM_PATH, else Debian's headless shell, else Debian's full Chromium. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium'

/** Flags known to work on this machine; the background-networking ones stop Chromium from calling home. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const

export type ChromiumAvailability =
  | { readonly kind: 'available' }
  /** Missing under CI: the test runs and fails with `reason`. */
  | { readonly kind: 'required-but-missing'; readonly reason: string }
  /** Missing locally: the test is skipped, and says why. */
  | { readonly kind: 'skip'; readonly reason: string }

function isCi(): boolean {
  const ci = process.env.CI
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false'
}

export function chromiumAvailability(): ChromiumAvailability {
  if (existsSync(CHROMIUM_PATH)) return { kind: 'available' }
  const install = 'apt-get update && apt-get install -y chromium (as .ci/run does)'
  return isCi()
    ? { kind: 'required-but-missing', reason: `CI is set but Chromium is not at ${CHROMIUM_PATH}: ${install}` }
    : { kind: 'skip', reason: `no Chromium at ${CHROMIUM_PATH}; to run it: ${install}` }
}

export interface LaunchedChromium {
  readonly context: BrowserContext
  close(): Promise<void>
}

interface LaunchOptions {
  timeoutMs: number
  /** More command-line flags, e.g. `--host-resolver-rules` to give a test page a foreign origin: a Chromium of its own. */
  args?: readonly string[]
  /**
   * The profile's preferences (Default/Preferences) before launch: how a test puts Chromium in the
   * state a user's settings would, e.g. site data refused (`profile.default_content_setting_values.cookies: 2`).
   * A Chromium of its own, with a profile.
   */
  preferences?: Readonly<Record<string, unknown>>
  /** Page scripts off (`false`), as a reader who blocks them opens a page; default on. */
  javaScriptEnabled?: boolean
  /** Permissions granted to every origin, e.g. `clipboard-read` for a test that reads what a page copied. */
  permissions?: readonly string[]
  /** Record what the context's pages send and receive as a HAR file, written when it closes (Playwright's recordHar). */
  recordHar?: { readonly path: string }
}

/** What every context is given, on the shared Chromium or a launched one. */
function contextOptions(options: LaunchOptions) {
  return {
    viewport: { width: 1100, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    permissions: [...(options.permissions ?? [])],
    ...(options.recordHar !== undefined && { recordHar: options.recordHar }),
  }
}

/**
 * Fresh storage in headless Chromium; `close()` ends it. A new context of the shared Chromium when
 * one runs and the caller asks for no flags or preferences (each needs a process of its own): as
 * fresh as a new profile (IndexedDB, service workers, cookies, caches are the context's own), its
 * pages share that storage with each other only, and `close()` closes the context alone.
 * Otherwise a Chromium launched with a fresh profile, which `close()` ends and removes.
 */
export async function launchChromium(options: LaunchOptions): Promise<LaunchedChromium> {
  const endpoint = options.args === undefined && options.preferences === undefined ? sharedEndpoint() : undefined
  return endpoint === undefined ? launchOwnChromium(options) : newSharedContext(endpoint, options)
}

/** The shared Chromium's endpoint, if the browser project's global setup started one. */
function sharedEndpoint(): string | undefined {
  // Unset when no Chromium was found, or outside the browser project.
  const endpoint = process.env[CHROMIUM_ENDPOINT_VARIABLE]
  return endpoint === '' ? undefined : endpoint
}

/** This worker's connection to the shared Chromium, made on first use; dropped if it closes. */
let connection: Promise<Browser> | undefined

function connected(endpoint: string, timeoutMs: number): Promise<Browser> {
  if (connection !== undefined) return connection
  const connecting = chromium.connect(endpoint, { timeout: timeoutMs }).then((browser) => {
    browser.once('disconnected', () => {
      if (connection === connecting) connection = undefined
    })
    return browser
  })
  connection = connecting
  connecting.catch(() => {
    if (connection === connecting) connection = undefined
  })
  return connecting
}

async function newSharedContext(endpoint: string, options: LaunchOptions): Promise<LaunchedChromium> {
  const browser = await connected(endpoint, options.timeoutMs)
  const context = await browser.newContext(contextOptions(options))
  const downloads = keepDownloadsHere(context)
  return {
    context,
    async close() {
      try {
        await context.close()
      } finally {
        await downloads.remove()
      }
    },
  }
}

/**
 * Over a connection Playwright keeps a download's file on the browser's side and gives its bytes
 * (`saveAs`) but not its path; the tests read downloads by `path()`, as from a browser they launch.
 * So each download's `path()` saves a copy in a directory of the context's, removed on close.
 */
function keepDownloadsHere(context: BrowserContext): { remove(): Promise<void> } {
  let directory: Promise<string> | undefined
  context.on('page', (page) =>
    page.on('download', (download) => {
      let saved: Promise<string> | undefined
      download.path = () =>
        (saved ??= (async () => {
          directory ??= mkdtemp(join(tmpdir(), 'debt-token-simulator-downloads-'))
          const file = join(await directory, `${randomUUID()}-${download.suggestedFilename()}`)
          await download.saveAs(file)
          return file
        })())
    }),
  )
  return { remove: async () => directory && rm(await directory, { recursive: true, force: true }) }
}

/** Launches headless Chromium with a fresh profile; `close()` ends it and removes the profile. */
async function launchOwnChromium(options: LaunchOptions): Promise<LaunchedChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'debt-token-simulator-chromium-'))
  try {
    if (options.preferences !== undefined) {
      await mkdir(join(profile, 'Default'))
      await writeFile(join(profile, 'Default', 'Preferences'), JSON.stringify(options.preferences))
    }
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS, ...(options.args ?? [])],
      timeout: options.timeoutMs,
      ...contextOptions(options),
    })
    return {
      context,
      async close() {
        try {
          await context.close()
        } finally {
          await rm(profile, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    await rm(profile, { recursive: true, force: true })
    throw error
  }
}
