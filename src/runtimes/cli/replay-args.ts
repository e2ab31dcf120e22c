/** The command line of `debt-token-simulator replay`: its help, and its options or a usage error. Pure. */

import { parseCommandArgs } from '../../command/command-args.ts'
import { SESSION_ID_PATTERN, SESSION_RULE } from '../../sessions/session-registry.ts'

export const REPLAY_HELP = `Usage: debt-token-simulator replay <scenario.json|directory>... [options]

Replays the steps of scenario files and exits non-zero if any step fails. By default each
file runs in-process, on a fresh simulator built with the file's seed and clock.

Options:
  --url <url>       replay against a running server: the simulator, each file in a session of its
                    own, or the real service (below)
  --session <id>    with --url: replay every file in this session and keep it afterwards
                    (1-64 characters of A-Z a-z 0-9 . _ ~ -)
  --token <token>   the Bearer token of every step (default replay-token); it replaces the
                    "Bearer ***" of recordings too; a step's own literal token is kept
  --no-control      with --url: treat the server as the real service without asking it
  --junit <file>    also write the results as JUnit XML
  --coverage <file> also write the API coverage of the replay as JSON (in-process replays;
                    against a simulator server read GET /__sim/coverage; docs/coverage.md)
  -h, --help        print this help

With --url the replay first asks GET <url>/__sim/health. A simulator answers it, and may be
shared: every request of a file, its steps and the replay's own /__sim calls, carries
X-Sim-Session: <id>, a fresh replay-<file name>-<hex> per file unless --session names one. Per
file the replay resets that session only (POST /__sim/reset), activates the file's scenario,
rules and world, for that session only (PUT /__sim/scenario), replays the steps, then ends the
session (DELETE /__sim/sessions/<id>); with --session it deactivates the session's scenario
instead and leaves the session and its data. It never resets the server, ends another session or
changes the global scenario.
A step's own X-Sim-Session header is replaced by the replay's session (in-process it is kept),
and the "session" a /__sim route answers reads as the step's own (null for none), so recorded
control steps pass as they do in-process.
The clock is shared by all sessions and is not reset: run the server with the seed and clock
the file was written for. Control steps that act on the whole server (PUT /__sim/clock,
DELETE /__sim/journal, DELETE /__sim/sessions/<id>) still do.

A server without the simulator's /__sim/health (or any server with --no-control) is the real
service: files that need the simulator (rules, a world, /__sim steps, X-Sim-* headers) are
skipped with the reason, the others run their steps as written, and each step that is answered
otherwise than its expectation says prints where (status, body paths). Use it with
scenarios/service-smoke.json to find drift between the simulator and a deployment.

Exit code: 0 when every step replayed passed, 1 when a step failed, a file could not be loaded
or replayed, or no step was replayed at all (every file skipped); 2 for a usage mistake.`

export interface ReplayArgs {
  readonly paths: readonly string[]
  readonly url: string | undefined
  readonly session: string | undefined
  readonly junit: string | undefined
  /** Write the API coverage of an in-process replay to this file. */
  readonly coverage: string | undefined
  readonly token: string | undefined
  /** false: the server at `url` is the real service, without asking it (`--no-control`). */
  readonly control: boolean
}

/** A Bearer token as the Authorization header carries it (RFC 6750 token68). */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/

export function parseReplayArgs(argv: readonly string[]): ReplayArgs | { help: true } | { error: string } {
  const parsed = parseCommandArgs(argv, {
    values: ['url', 'junit', 'session', 'token', 'coverage'],
    switches: ['no-control', 'help'],
    aliases: { h: 'help' },
  })
  if ('error' in parsed) return parsed
  if (parsed.switches.has('help')) return { help: true }
  const { url, session, token, junit, coverage } = parsed.values
  const control = !parsed.switches.has('no-control')
  const paths = parsed.positionals
  if (coverage !== undefined && url !== undefined)
    return {
      error:
        '--coverage counts an in-process replay: against a server, read GET /__sim/coverage (or start it with --coverage-out <file>)',
    }
  if (url !== undefined && !/^https?:\/\//.test(url)) return { error: `--url must be an http(s) URL, got ${url}` }
  if (session !== undefined && !SESSION_ID_PATTERN.test(session))
    return { error: `--session must be ${SESSION_RULE}, got ${JSON.stringify(session)}` }
  if (token !== undefined && !TOKEN68.test(token))
    return { error: '--token must be a Bearer token: letters, digits and -._~+/ with = padding at the end' }
  if (session !== undefined && url === undefined)
    return { error: '--session applies to a replay against a server: give --url too' }
  if (!control && url === undefined)
    return { error: '--no-control applies to a replay against a server: give --url too' }
  if (!control && session !== undefined)
    return { error: "--session needs the simulator's control API, which --no-control says the server does not have" }
  if (paths.length === 0) return { error: 'give at least one scenario file or directory' }
  return { paths, url, session, junit, token, control, coverage }
}
