/** What the example's tests share: opening the app on an API, and a rendezvous of parallel tests. */
import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'

/** Opens the app (served by global-setup.ts) calling the API at `apiUrl`; resolves once it has loaded. */
export async function openApp(page: Page, apiUrl: string): Promise<void> {
  await page.goto(`${process.env.APP_URL}/?api=${encodeURIComponent(apiUrl)}`)
  await expect(page.locator('body[data-ready]')).toBeAttached()
}

/**
 * Says `mine` under `key` and waits (up to `timeoutMs`) until every one of `parties` has said
 * something under it; resolves what each said. Through files in RENDEZVOUS_DIR, since tests of
 * different workers run in different processes.
 */
export async function rendezvous<T>(
  key: string,
  me: string,
  parties: readonly string[],
  mine: T,
  timeoutMs = 20_000,
): Promise<Record<string, T>> {
  const dir = process.env.RENDEZVOUS_DIR!
  const file = join(dir, `${key}.${me}.json`)
  // Written aside, then renamed (atomic): a reader sees no file or all of it, never a half-written one.
  await writeFile(`${file}.partial`, JSON.stringify(mine))
  await rename(`${file}.partial`, file)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const said = await Promise.all(
      parties.map((party) => readFile(join(dir, `${key}.${party}.json`), 'utf8').catch(() => null)),
    )
    if (said.every((text) => text !== null))
      return Object.fromEntries(parties.map((party, i) => [party, JSON.parse(said[i]!) as T]))
    if (Date.now() > deadline)
      throw new Error(
        `${me}: ${parties.filter((_, i) => said[i] === null).join(', ')} did not run alongside within ${timeoutMs} ms`,
      )
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
