/**
 * Storybook entry: the simulator behind msw-storybook-addon's worker, and a world per story built
 * from its `parameters.simulator` (docs/storybook.md). Nothing here imports Storybook or the addon: the
 * types below are the shapes Storybook passes, so the entry works with any Storybook the addon supports.
 *
 * @example
 * // .storybook/preview.ts (CSF 3)
 * import { mswLoader } from 'msw-storybook-addon/csf3'
 * import { simulatorLoader, simulatorWorker } from 'debt-token-simulator/storybook'
 * export default { loaders: [mswLoader(simulatorWorker()), simulatorLoader] }
 *
 * // a story
 * export const Overdue = {
 *   parameters: { simulator: { world: (s) => s.create.debtTokens({}, { state: 'overdue' }) } },
 *   render: (args, { loaded }) => <DebtToken address={loaded.world.address} />,
 * }
 */
import type { HttpHandler } from 'msw'
import type { SetupWorker } from 'msw/browser'
import type { Simulator } from '../msw/create-simulator.ts'
import { createHandlers } from '../msw/handlers.ts'
import '../msw/msw-http-from-main.ts'
import { leaveCoverageOf } from '../../wings/storybook.ts'
import { readSimulatorParameters, type SimulatorParameters } from './story-parameters.ts'
import { createStoryWorlds } from './story-worlds.ts'

export type { Simulator } from '../msw/create-simulator.ts'
export type { SimulatorParameters, StoryScenario } from './story-parameters.ts'

// msw-storybook-addon's augmentation of `parameters.msw`, for `parameters.simulator`: a misspelt option
// fails to compile. Storybook is an optional peer, so the directive below covers a program without it.
// @ts-expect-error TS2664 where storybook is not installed (this repository; a user without Storybook)
declare module 'storybook/internal/csf' {
  interface Parameters {
    simulator?: SimulatorParameters
  }
}

/** What `simulatorLoader` adds to a story's `loaded`. */
export interface SimulatorLoaded<Made = unknown> {
  /** What the story's `world` function returned (undefined without one). */
  world: Made
  /** The simulator answering the story: `simulator.state()`, `simulator.clock`, … in a play function. */
  simulator: Simulator
}

/** One set of worlds per page: every story's loader and the worker's handler share it. */
const worlds = createStoryWorlds()

/**
 * The page's msw handler for a worker set up by hand: pass it to `setupWorker` as an initial handler, which
 * survives the addon's reset between stories while a story's own `msw` handlers still come first.
 */
export function simulatorHandlers(baseUrl = '*'): HttpHandler[] {
  return createHandlers({ baseUrl, execute: worlds.execute })
}

export interface SimulatorWorkerOptions {
  /** The API origin the components call (default `*`: any origin, API paths only). */
  baseUrl?: string
}

/**
 * The setup function msw-storybook-addon takes (`mswLoader(simulatorWorker())`, or `addonMsw` in CSF Next):
 * its default worker with the simulator's handler. Requests outside the API go to the network.
 */
export function simulatorWorker(options: SimulatorWorkerOptions = {}): () => Promise<SetupWorker> {
  return async () => {
    const { setupWorker } = await import('msw/browser')
    const worker = setupWorker(...simulatorHandlers(options.baseUrl))
    // msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame; each ignores the other's key.
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as never)
    return worker
  }
}

/** The shape of the story context this entry reads (Storybook passes more). */
interface StoryContextLike {
  readonly id: string
  readonly parameters: { readonly simulator?: unknown }
}

/**
 * A Storybook loader: a fresh world for the story from its `parameters.simulator` (the default world
 * without them), as `loaded.world` and `loaded.simulator`. In Node it records coverage when asked.
 */
export async function simulatorLoader(context: StoryContextLike): Promise<SimulatorLoaded | Record<string, never>> {
  const parameters = readSimulatorParameters(context.parameters.simulator, context.id)
  if (parameters?.disable === true) return {}
  const { simulator, made } = await worlds.load(parameters, context.id)
  leaveCoverageOf(simulator, parameters?.coverage)
  return { world: made, simulator }
}

/** A plain object of any realm: `Object.prototype` is this realm's, and a frame or a vm sandbox has its own. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === null || Object.getPrototypeOf(prototype) === null
}

/**
 * A Storybook decorator: when the story's `world` function returned a plain object, its members fill the
 * story's unset args (`world: async (s) => ({ tokens: await s.createMany.debtTokens(3) })`); args the
 * story or the controls set win.
 */
export function withSimulatorArgs<Result>(
  story: (update?: { args?: Record<string, unknown> }) => Result,
  context: { readonly args: Record<string, unknown>; readonly loaded?: Record<string, unknown> },
): Result {
  const made = context.loaded?.world
  if (!isPlainObject(made)) return story()
  const unset = Object.entries(made).filter(([name]) => context.args[name] === undefined)
  if (unset.length === 0) return story()
  return story({ args: { ...context.args, ...Object.fromEntries(unset) } })
}

/** The loader and the decorator for CSF Next: `addons: [addonMsw(simulatorWorker()), simulatorAddon()]`. */
export function simulatorAddon(): {
  loaders: (typeof simulatorLoader)[]
  decorators: (typeof withSimulatorArgs)[]
} {
  return { loaders: [simulatorLoader], decorators: [withSimulatorArgs] }
}
