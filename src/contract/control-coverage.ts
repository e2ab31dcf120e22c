/** The control routes of API coverage (docs/coverage.md); the coverage wing (src/coverage/) answers them. */
import * as z from 'zod/mini'
import { controlPath } from './control-paths.ts'
import { defineControlRoute } from './control-route.ts'
import { CoverageReport } from './coverage-report.ts'

export const coverageRoutes = [
  defineControlRoute({
    ...controlPath('getCoverage'),
    summary: 'API coverage: which operations and declared responses were answered (X-Sim-Session for a session’s)',
    description:
      'Answers, for each operation of the service, the calls made and each response status the contract declares, seen or not and how often, with a ready step for each one never seen; statuses a scenario answered and the simulator’s own are listed apart (docs/coverage.md). Counts every request since the server started or since `POST /__sim/coverage/reset`; `POST /__sim/reset` does not clear it. With X-Sim-Session, only the requests of that session.',
    session: true,
    response: CoverageReport,
    errors: { 400: 'X-Sim-Session is not 1-64 characters of A-Z a-z 0-9 . _ ~ -' },
  }),
  defineControlRoute({
    ...controlPath('resetCoverage'),
    summary: 'Forget the API coverage counted so far (every session’s)',
    description: 'Empties the coverage report; what is answered after counts from nothing.',
    response: z.lazy(() => z.object({ cleared: z.literal(true) })),
    errors: {},
  }),
] as const
