/**
 * The one place that decides whether a request may need the world generator (and faker's locales, the package's
 * largest modules): an API request naming a scenario by header, or a control route that activates or replays a
 * scenario or makes records with the factories. The runtimes that load it on demand (the command, a browser page)
 * call `worldGeneratorFor` with the route they matched before such a request runs, so nothing below them loads it.
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
