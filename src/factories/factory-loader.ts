/**
 * How the simulator reaches the factories' code: loaded on demand with the world generator, so a
 * browser page answers its first request without it (decision 0017). Every path that may create
 * records awaits `loadFactories()` first; the Node entries provide the module synchronously
 * (runtimes/msw/node-generator.ts).
 */
import type { TableName } from '../model/records.ts'
import { sharedLoad } from '../model/shared-load.ts'
import { loadWorldGenerator, requireGeneratorNow } from '../model/world-generator.ts'
import type { WorldState } from '../model/world-state.ts'
import type * as Factories from './create-records.ts'
import type { CreatedRecords, FactoryRequest } from './create-records.ts'

let factories: typeof Factories | undefined

/** Makes the factories callable now with the module imported by the caller (the Node entries). */
export function provideFactories(module: typeof Factories): void {
  factories = module
}

const importAfterTheGenerator = sharedLoad(async () => {
  // After the generator, not beside it: see loadWorldGenerator.
  await loadWorldGenerator()
  provideFactories(await import('./create-records.ts'))
})

/** Resolves once the factories and the world generator can be called, importing them the first time. */
export function loadFactories(): Promise<void> {
  if (factories === undefined) requireGeneratorNow()
  return factories !== undefined ? loadWorldGenerator() : importAfterTheGenerator()
}

/** The factories' module; throws while it is not loaded. */
export function factoryModule(): typeof Factories {
  if (factories === undefined) requireGeneratorNow()
  if (factories === undefined)
    throw new Error(
      'the factories are not loaded yet: a scenario world that creates records needs them; `await loadWorldGenerator()` (from debt-token-simulator/browser, or /node) first',
    )
  return factories
}

/** `createRecords` (create-records.ts), loading the factories first. */
export async function createRecords<N extends TableName>(
  state: () => WorldState,
  now: () => Date,
  request: FactoryRequest & { table: N },
): Promise<CreatedRecords<N>> {
  await loadFactories()
  return factoryModule().createRecords(state, now, request)
}

export type { CreatedRecords, FactoryRequest }
