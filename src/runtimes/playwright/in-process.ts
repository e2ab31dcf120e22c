/**
 * In-process mode: @msw/playwright routes the context's requests through the test's simulator. Imported
 * on demand, so other modes never need it; its 0.6 line imports what msw 3 no longer exports (msw 2 only).
 */
import type { BrowserContext } from '@playwright/test'
import type { Simulator } from '../msw/simulator.ts'

type MswPlaywright = typeof import('@msw/playwright')

async function installedMswVersion(): Promise<string | null> {
  try {
    return (await import('msw/package.json', { with: { type: 'json' } })).default.version
  } catch {
    return null
  }
}

/** Why @msw/playwright could not be loaded, and what to do about it. */
export function explainLoadFailure(error: unknown, mswVersion: string | null): Error {
  const code = (error as { code?: unknown }).code
  const detail = error instanceof Error ? error.message : String(error)
  const instead = "or run the suite in simulatorMode 'shared-server', which does not use it"
  if (code === 'ERR_MODULE_NOT_FOUND' && /@msw\/playwright/.test(detail)) {
    return new Error(
      `debt-token-simulator/playwright: in-process mode needs @msw/playwright: npm install -D @msw/playwright (${instead})`,
      { cause: error },
    )
  }
  const major = mswVersion === null ? Number.NaN : Number.parseInt(mswVersion, 10)
  if (major >= 3) {
    return new Error(
      `debt-token-simulator/playwright: in-process mode needs msw 2: @msw/playwright supports msw 2 only (peer msw ^2.12.10) and this project has msw ${mswVersion} (${instead}). The import failed with: ${detail}`,
      { cause: error },
    )
  }
  return new Error(`debt-token-simulator/playwright: @msw/playwright failed to load (${instead}): ${detail}`, {
    cause: error,
  })
}

let loading: Promise<MswPlaywright> | undefined

export function loadMswPlaywright(): Promise<MswPlaywright> {
  return (loading ??= import('@msw/playwright').catch(async (error: unknown) => {
    loading = undefined
    throw explainLoadFailure(error, await installedMswVersion())
  }))
}

/**
 * Routes `context`'s requests through `simulator`'s handlers until the returned function is
 * called. Requests no handler matches (the page itself, other origins) go on to the network.
 */
export async function routeThroughSimulator(
  context: BrowserContext,
  simulator: Simulator,
): Promise<() => Promise<void>> {
  const { defineNetworkFixture } = await loadMswPlaywright()
  const network = defineNetworkFixture({ context, handlers: simulator.handlers, onUnhandledRequest: 'bypass' })
  await network.enable()
  return () => network.disable()
}
