/**
 * The one place that decides whether a request may need the world generator (and with it faker's
 * locales, the largest modules the package has), so that the runtimes that load it on demand (the
 * command, a browser page) load it before such a request runs, and nothing below them ever loads
 * it: an API request naming a scenario by header (its world may be generated), and the control
 * routes that activate a scenario, replay one or make records with the factories (the users
 * factory draws people with the generator's code). The runtimes' request entries call
 * `worldGeneratorFor` with the route they matched (runtimes/msw/handlers.ts,
 * runtimes/standalone/server.ts); at start they load it themselves for a generated world (`size`)
 * or a start scenario. The Node in-process entries hand it over at import, so there this costs one
 * lookup.
 */
import type { ControlRouteId } from '../contract/control-paths.ts'
import { loadFactories } from '../factories/factory-loader.ts'
import type { SimRequest } from '../http/sim-request.ts'
import { SCENARIO_HEADER } from '../scenarios/scenario-activation.ts'
import type { RouteMatch } from './router.ts'

const GENERATING_CONTROL_ROUTES: ReadonlySet<ControlRouteId> = new Set<ControlRouteId>([
  'activateScenario',
  'replayScenario',
  'createRecords',
])

/** Whether `request`, matched to `match`, may need the world generator (API routes only with the header). */
function mayGenerate(request: Pick<SimRequest, 'header'>, match: RouteMatch): boolean {
  if (request.header(SCENARIO_HEADER) !== null) return true
  return match.kind === 'control' && GENERATING_CONTROL_ROUTES.has(match.route.id)
}

/**
 * A promise to await before `request` runs when it may need the generator and it is not loaded;
 * else undefined. `match` is the route the runtime matched it to (the gate never routes again).
 */
export function worldGeneratorFor(request: Pick<SimRequest, 'header'>, match: RouteMatch): Promise<void> | undefined {
  // Asked of a request that may generate only: where the locale can be required, the first asks loads it.
  return mayGenerate(request, match) ? loadFactories() : undefined
}
