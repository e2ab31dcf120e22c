/**
 * Headless Chromium for the browser test: Debian's /usr/bin/chromium driven by playwright-core
 * (Playwright's own browser download does not work here). Each launch gets a fresh profile dir,
 * removed on close. When the binary is missing the test must not pass silently: under CI it
 * fails with the reason, elsewhere it is skipped with the reason shown.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'

/** The Chromium binary; CHROMIUM_PATH overrides Debian's location. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags known to work on this machine; the background-networking ones stop Chromium from calling home. */
const CHROMIUM_FLAGS = [
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

/** Launches headless Chromium with a fresh profile; `close()` ends it and removes the profile. */
export async function launchChromium(options: {
  timeoutMs: number
  /** More command-line flags, e.g. `--host-resolver-rules` to give a test page a foreign origin. */
  args?: readonly string[]
  /**
   * The profile's preferences (Default/Preferences) before launch: how a test puts Chromium in the
   * state a user's settings would, e.g. site data refused (`profile.default_content_setting_values.cookies: 2`).
   */
  preferences?: Readonly<Record<string, unknown>>
  /** Page scripts off (`false`), as a reader who blocks them opens a page; default on. */
  javaScriptEnabled?: boolean
  /** Permissions granted to every origin, e.g. `clipboard-read` for a test that reads what a page copied. */
  permissions?: readonly string[]
  /** Record what the context's pages send and receive as a HAR file, written when it closes (Playwright's recordHar). */
  recordHar?: { readonly path: string }
}): Promise<LaunchedChromium> {
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
      viewport: { width: 1100, height: 800 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      permissions: [...(options.permissions ?? [])],
      ...(options.recordHar !== undefined && { recordHar: options.recordHar }),
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
