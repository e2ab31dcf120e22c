/**
 * The worlds stories render against: a simulator per distinct seed, clock, size and scenarios is kept and
 * `reset()` when asked for again, so a story switch costs a reset plus its own records. Loads run one
 * after another, so stories that load together each see only their own records.
 */
import { isDate } from '../../contract/instants.ts'
import type { SimRequest, SimResponse } from '../../http/sim-request.ts'
import { loadWorldGenerator } from '../../model/world-generator.ts'
import type { RouteMatch } from '../../pipeline/router.ts'
import { createSimulator, type Simulator } from '../msw/create-simulator.ts'
import type { SimulatorParameters } from './story-parameters.ts'

/** What a story's load gives it: the simulator answering it, and what its `world` function made. */
interface StoryWorld<Made = unknown> {
  readonly simulator: Simulator
  readonly made: Made
}

export interface StoryWorlds {
  /** Answers a routed API request from the world of the story loaded last (before any: the default world). */
  execute(request: SimRequest, match: RouteMatch): Promise<SimResponse>
  /** A fresh world for the story's parameters (none: the default world), once earlier loads are done. */
  load(parameters: SimulatorParameters | undefined, storyId: string): Promise<StoryWorld>
}

/** The name of the performance measure each story's world build leaves (its detail: `{ story }`). */
export const WORLD_MEASURE = 'debt-token-simulator: story world'

/** How many simulators are kept for reuse (each holds a whole world). */
const KEPT_SIMULATORS = 8

/** The options that make a simulator's seeded world, as the key of the simulator kept for them. */
function worldKey({ seed, now, size, scenarios }: SimulatorParameters): string {
  return JSON.stringify([seed, isDate(now) ? now.toISOString() : now, size, scenarios])
}

export function createStoryWorlds(): StoryWorlds {
  const kept = new Map<string, Simulator>()
  let current: Simulator | undefined

  async function simulatorFor(parameters: SimulatorParameters): Promise<Simulator> {
    const key = worldKey(parameters)
    const found = kept.get(key)
    if (found !== undefined) {
      kept.delete(key) // re-inserted below: the map's order is the order of last use
      kept.set(key, found)
      return found
    }
    if (parameters.size !== undefined) await loadWorldGenerator()
    const { seed, now, size, scenarios } = parameters
    const simulator = createSimulator({ seed, now, size, scenarios })
    kept.set(key, simulator)
    for (const [oldKey, old] of kept) {
      if (kept.size <= KEPT_SIMULATORS) break
      if (old !== current) kept.delete(oldKey)
    }
    return simulator
  }

  async function build(parameters: SimulatorParameters, storyId: string): Promise<StoryWorld> {
    const started = performance.now()
    const simulator = await simulatorFor(parameters)
    simulator.reset()
    const { scenario, world } = parameters
    if (scenario !== undefined) {
      const definition = typeof scenario === 'string' ? simulator.scenarios.definition(scenario) : scenario
      if (definition !== undefined && 'world' in definition && definition.world !== undefined)
        await loadWorldGenerator()
      await simulator.host.prepareScenario(scenario)
      simulator.scenarios.use(scenario)
    }
    // The factories draw people with the generator; a page loads it once, with the first story that has a world.
    if (world !== undefined) await loadWorldGenerator()
    const made = world === undefined ? undefined : await world(simulator)
    current = simulator
    // In the browser's performance timeline (DevTools, bench/storybook.ts): what a story switch spends on its world.
    performance.measure(WORLD_MEASURE, { start: started, detail: { story: storyId } })
    return { simulator, made }
  }

  let queue: Promise<unknown> = Promise.resolve()
  return {
    execute: async (request, match) => (current ?? (await simulatorFor({}))).host.execute(request, match),
    load(parameters, storyId) {
      const loaded = queue.then(() => build(parameters ?? {}, storyId))
      queue = loaded.catch(() => undefined)
      return loaded
    },
  }
}
