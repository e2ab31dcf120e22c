/**
 * The replay runner and its command line: pass/fail per step with a readable diff, captures and
 * placeholders, the Authorization defaults, network errors and durations, JUnit XML, and the exit
 * codes of `npm run replay`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { callerAddress } from '../../src/domain/caller.ts'
import { toJUnitXml } from '../../src/record-replay/junit.ts'
import { formatResults, type ReplayRequest, replaySteps, type Send } from '../../src/record-replay/replay.ts'
import { inProcessSend, replayCommand } from '../../src/runtimes/cli/replay.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { parseScenarioText } from '../../src/scenarios/load-scenarios.ts'
import { parseScenario, type ScenarioInput } from '../../src/scenarios/scenario-schema.ts'
import type { ScenarioStep } from '../../src/scenarios/step-schema.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const TOKEN = fixtures.securityTokens[0]!.contractAddress

function steps(...raw: unknown[]): ScenarioStep[] {
  return parseScenario({ description: 'steps', rules: [], steps: raw }, 'test').steps!
}

/** A send that records what it was asked and answers from a list. */
function scripted(...answers: Awaited<ReturnType<Send>>[]): { send: Send; sent: ReplayRequest[] } {
  const sent: ReplayRequest[] = []
  return {
    sent,
    send: async (request) => {
      sent.push(request)
      return answers[sent.length - 1] ?? { kind: 'response', status: 200, headers: {}, body: '' }
    },
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  ({ kind: 'response', status, headers, body: JSON.stringify(body) }) as const

describe('replaySteps', () => {
  it('passes steps whose status and body subset match', async () => {
    const results = await replaySteps(
      steps(
        { request: { method: 'GET', path: '/securityToken' }, expect: { status: 200, body: { $minLength: 3 } } },
        {
          request: { method: 'GET', path: `/securityToken?contractAddress=${TOKEN}` },
          expect: { status: 200, body: [{ contractAddress: TOKEN }] },
        },
      ),
      inProcessSend(createSimulator()),
    )
    expect(results.map((result) => result.passed)).toEqual([true, true])
  })

  it('fails a step with one readable line per difference, and goes on with the next steps', async () => {
    const { send } = scripted(
      json(200, { status: 'success', items: [{ id: 1, tags: ['a'] }, { id: 2 }], nested: { deep: true } }),
      json(404, { statusCode: '404', error: 'Not Found', message: 'nope' }),
    )
    const results = await replaySteps(
      steps(
        {
          name: 'many differences',
          request: { method: 'GET', path: '/x' },
          expect: {
            status: 200,
            body: {
              status: 'failure',
              items: [{ id: 1, tags: ['b'] }],
              nested: { deep: false, extra: 1 },
              missing: null,
            },
          },
        },
        { request: { method: 'GET', path: '/y' }, expect: { status: 200, body: [] } },
      ),
      send,
    )
    expect(results[0]!.passed).toBe(false)
    expect(results[0]!.problems).toEqual([
      'body.status: expected "failure", got "success"',
      'body.items: expected an array of 1, got 2 items',
      'body.items[0].tags[0]: expected "b", got "a"',
      'body.nested.deep: expected false, got true',
      'body.nested.extra: expected 1, got nothing (no such member)',
      'body.missing: expected null, got nothing (no such member)',
    ])
    expect(results[1]!.problems[0]).toBe(
      'status: expected 200, got 404 {"statusCode":"404","error":"Not Found","message":"nope"}',
    )
    const printed = formatResults('demo', results)
    expect(printed).toContain('FAIL demo (0/2 steps passed)')
    expect(printed).toContain('  ✗ 1. many differences — GET /x → 200')
    expect(printed).toContain('      body.status: expected "failure", got "success"')
    expect(printed).toContain('  ✗ 2. GET /y → 404')
  })

  it('$contains: an array with an item matching a subset, at any depth, with the nearest item when none does', async () => {
    const payments = [
      { id: 1, amount: 1500, serie: 'SENIOR', tags: ['a', 'b'] },
      { id: 2, amount: 900, serie: 'JUNIOR', tags: [] },
    ]
    const { send } = scripted(...Array.from({ length: 4 }, () => json(200, { payments, total: 2 })))
    const results = await replaySteps(
      steps(
        {
          request: { method: 'GET', path: '/a' },
          expect: {
            status: 200,
            body: {
              payments: { $contains: { amount: 900, tags: { $length: 0 } } },
              total: { $type: 'integer' },
            },
          },
        },
        {
          request: { method: 'GET', path: '/a' },
          expect: { status: 200, body: { payments: { $contains: { tags: { $contains: 'b' } } } } },
        },
        {
          request: { method: 'GET', path: '/a' },
          expect: { status: 200, body: { payments: { $contains: { amount: 1500, serie: 'JUNIOR' } } } },
        },
        {
          request: { method: 'GET', path: '/a' },
          expect: { status: 200, body: { total: { $contains: 2 }, missing: { $contains: {} } } },
        },
      ),
      send,
    )
    expect(results.map((result) => result.problems)).toEqual([
      [],
      [],
      [
        'body.payments: expected an array with an item matching {"amount":1500,"serie":"JUNIOR"}, got 2 items, none matching (nearest: body.payments[0].serie: expected "JUNIOR", got "SENIOR")',
      ],
      [
        'body.total: expected an array with an item matching 2, got number 2',
        'body.missing: expected an array with an item matching {}, got nothing (no such member)',
      ],
    ])
    const empty = await replaySteps(
      steps({ request: { method: 'GET', path: '/a' }, expect: { status: 200, body: { $contains: { id: 1 } } } }),
      scripted(json(200, [])).send,
    )
    expect(empty[0]!.problems).toEqual(['body: expected an array with an item matching {"id":1}, got an empty array'])
  })

  it('$type: the JSON type of a value, integer apart from number', async () => {
    const body = { s: 'x', n: 1.5, i: 2, b: false, o: {}, a: [], z: null }
    const { send } = scripted(json(200, body), json(200, body))
    const types = { s: 'string', n: 'number', i: 'integer', b: 'boolean', o: 'object', a: 'array', z: 'null' }
    const wrong = { s: 'number', n: 'integer', i: 'string', b: 'null', o: 'array', a: 'object', z: 'object' }
    const results = await replaySteps(
      steps(
        {
          request: { method: 'GET', path: '/a' },
          expect: {
            status: 200,
            body: Object.fromEntries(Object.entries(types).map(([k, t]) => [k, { $type: t }])),
          },
        },
        {
          request: { method: 'GET', path: '/a' },
          expect: { status: 200, body: Object.fromEntries(Object.entries(wrong).map(([k, t]) => [k, { $type: t }])) },
        },
      ),
      send,
    )
    expect(results[0]!.problems).toEqual([])
    expect(results[1]!.problems).toEqual([
      'body.s: expected a value of type number, got string "x"',
      'body.n: expected a value of type integer, got number 1.5',
      'body.i: expected a value of type string, got number 2',
      'body.b: expected a value of type null, got boolean false',
      'body.o: expected a value of type array, got an object {}',
      'body.a: expected a value of type object, got an array of 0 []',
      'body.z: expected a value of type object, got null',
    ])
  })

  it('compares an expected "__proto__" member like any other, from a scenario file\'s text', async () => {
    // JSON.parse gives an own "__proto__" member; a copy by assignment would set a prototype instead.
    const text = JSON.stringify({
      description: 'proto',
      rules: [],
      steps: [{ request: { method: 'GET', path: '/a' }, expect: { status: 200, body: { x: 1 } } }],
    }).replace('{"x":1}', '{"__proto__":{"role":"admin"},"x":1}')
    const [step] = parseScenarioText(text, 'proto.json').steps!
    const answers = ['{"x":1}', '{"__proto__":{"role":"user"},"x":1}', '{"__proto__":{"role":"admin"},"x":1}']
    const { send } = scripted(...answers.map((body) => ({ kind: 'response', status: 200, headers: {}, body }) as const))
    const results = await replaySteps([step!, step!, step!], send)
    expect(results.map((result) => result.problems)).toEqual([
      ['body.__proto__: expected {"role":"admin"}, got nothing (no such member)'],
      ['body.__proto__.role: expected "admin", got "user"'],
      [],
    ])
  })

  it('replays a 429 with Retry-After that a rule answers in-process', async () => {
    const simulator = createSimulator()
    simulator.scenarios.use({
      description: 'rate limited',
      rules: [
        {
          operation: 'listSecurityTokens',
          respond: { status: 429, message: 'slow down', headers: { 'Retry-After': '5' } },
        },
      ],
    })
    const results = await replaySteps(
      steps({
        request: { method: 'GET', path: '/securityToken' },
        expect: {
          status: 429,
          headers: { 'Retry-After': '5' },
          body: { statusCode: '429', error: 'Too Many Requests', message: { $type: 'string' } },
        },
      }),
      inProcessSend(simulator),
    )
    expect(results[0]!.problems).toEqual([])
  })

  it('captures values and expands placeholders, keeping the type of a whole-string placeholder', async () => {
    const { send, sent } = scripted(
      json(200, { id: 7, address: '0xabc', list: [{ name: 'n' }] }),
      json(200, { id: 7, text: 'id 7 at 0xabc' }),
    )
    const results = await replaySteps(
      steps(
        {
          request: { method: 'POST', path: '/a', body: { x: 1 } },
          expect: { status: 200 },
          capture: { id: 'body.id', address: 'body.address', first: 'body.list[0].name', code: 'status' },
        },
        {
          request: {
            method: 'PUT',
            path: '/b/{{address}}/{{id}}',
            query: { q: '{{first}}' },
            headers: { 'x-id': '{{id}}' },
            body: { id: '{{id}}', label: 'n={{first}} code={{code}}' },
          },
          expect: { status: 200, body: { id: '{{id}}', text: 'id {{id}} at {{address}}' } },
        },
      ),
      send,
    )
    expect(
      results.every((result) => result.passed),
      formatResults('captures', results),
    ).toBe(true)
    expect(sent[1]).toEqual({
      method: 'PUT',
      path: '/b/0xabc/7?q=n',
      headers: { 'x-id': '7', authorization: 'Bearer replay-token', 'content-type': 'application/json' },
      body: JSON.stringify({ id: 7, label: 'n=n code=200' }),
    })
  })

  it('fails a step that uses an unknown placeholder, or captures a missing path', async () => {
    const { send, sent } = scripted(json(200, { a: 1 }))
    const results = await replaySteps(
      steps(
        { request: { method: 'GET', path: '/a' }, expect: { status: 200 }, capture: { b: 'body.b' } },
        { request: { method: 'GET', path: '/users/{{who}}' }, expect: { status: 200 } },
      ),
      send,
    )
    expect(results[0]!.problems).toEqual(['capture b: body.b is not in the response'])
    expect(results[1]!.problems).toEqual(['unknown placeholder {{who}}; captured so far: (nothing)'])
    expect(results[1]!.outcome).toBe('not sent')
    expect(sent).toHaveLength(1)
  })

  it('sends a default Bearer token, replaces masks, and sends none for null', async () => {
    const { send, sent } = scripted()
    await replaySteps(
      steps(
        { request: { method: 'GET', path: '/a' }, expect: { status: 200 } },
        { request: { method: 'GET', path: '/a', headers: { Authorization: 'Bearer ***' } }, expect: { status: 200 } },
        { request: { method: 'GET', path: '/a', headers: { authorization: 'Bearer ***2' } }, expect: { status: 200 } },
        { request: { method: 'GET', path: '/a', headers: { authorization: null } }, expect: { status: 200 } },
        { request: { method: 'GET', path: '/a', headers: { authorization: 'Basic abc' } }, expect: { status: 200 } },
      ),
      send,
    )
    expect(sent.map((request) => request.headers.authorization)).toEqual([
      'Bearer replay-token',
      'Bearer replay-token',
      'Bearer replay-token-2',
      undefined,
      'Basic abc',
    ])
  })

  it('knows {{caller}}: the wallet the simulator derives from the replay token', async () => {
    const results = await replaySteps(
      steps({
        request: { method: 'POST', path: '/securityToken', body: { data: { instrument: 'CCB' } } },
        expect: { status: 200, body: { managerAddress: '{{caller}}' } },
      }),
      inProcessSend(createSimulator()),
    )
    expect(results[0]!.passed, formatResults('caller', results)).toBe(true)
    const { send } = scripted(json(200, { managerAddress: callerAddress('replay-token-2') }))
    expect(
      (
        await replaySteps(
          steps({
            request: { method: 'GET', path: '/a' },
            expect: { status: 200, body: { managerAddress: '{{caller2}}' } },
          }),
          send,
        )
      )[0]!.passed,
    ).toBe(true)
  })

  it('checks network errors, response headers and durations', async () => {
    const { send } = scripted(
      { kind: 'network-error', message: 'ECONNRESET' },
      json(200, {}),
      json(503, {}, { 'retry-after': '1' }),
      { kind: 'network-error', message: 'ECONNRESET' },
    )
    const results = await replaySteps(
      steps(
        { request: { method: 'GET', path: '/a' }, expect: { networkError: true } },
        { request: { method: 'GET', path: '/a' }, expect: { networkError: true } },
        { request: { method: 'GET', path: '/a' }, expect: { status: 503, headers: { 'Retry-After': '2' } } },
        { request: { method: 'GET', path: '/a' }, expect: { status: 200 } },
      ),
      send,
    )
    expect(results.map((result) => result.problems)).toEqual([
      [],
      ['expected a network error, got status 200 {}'],
      ['headers.retry-after: expected "2", got "1"'],
      ['status: expected 200, got a network error (ECONNRESET)'],
    ])
    const slow: Send = async () => {
      await new Promise((resolve) => setTimeout(resolve, 60))
      return json(200, {})
    }
    const timed = await replaySteps(
      steps(
        { request: { method: 'GET', path: '/a' }, expect: { status: 200, minDurationMs: 50 } },
        { request: { method: 'GET', path: '/a' }, expect: { status: 200, minDurationMs: 500 } },
      ),
      slow,
    )
    expect(timed[0]!.passed).toBe(true)
    expect(timed[1]!.problems[0]).toMatch(/^duration: expected at least 500 ms, took \d+ ms$/)
  })
})

describe('JUnit XML', () => {
  it('has a suite per scenario, a case per step, failures with their diff, and escapes text', async () => {
    const { send } = scripted(json(200, { a: '<&>' }), json(500, {}))
    const results = await replaySteps(
      steps(
        { name: 'ok "quoted"', request: { method: 'GET', path: '/a' }, expect: { status: 200 } },
        { request: { method: 'GET', path: '/b' }, expect: { status: 200, body: { a: '<&>' } } },
      ),
      send,
    )
    const xml = toJUnitXml([
      { name: 'demo', results },
      { name: 'broken', results: [], error: 'scenarios/broken.json: rules[0].every: too small' },
    ])
    expect(xml).toContain('<testsuites name="scenario replay" tests="3" failures="1" errors="1"')
    expect(xml).toContain('<testsuite name="demo" tests="2" failures="1" errors="0"')
    expect(xml).toContain('<testcase classname="demo" name="1. ok &quot;quoted&quot;"')
    expect(xml).toContain(
      '<failure message="status: expected 200, got 500 {}">status: expected 200, got 500 {}\nbody.a: expected &quot;&lt;&amp;&gt;&quot;, got nothing (no such member)</failure>',
    )
    expect(xml).toContain('<error message="scenarios/broken.json: rules[0].every: too small">')
    expect(xml.match(/<testcase /g)).toHaveLength(3)
  })

  it('says a status difference first, then what it kept from being compared or sent, in the terminal and JUnit', async () => {
    // Recorded: a create that answered 200 with its id, read back by id. Replayed: the create is refused.
    const { send, sent } = scripted(json(400, { statusCode: '400', error: 'Bad Request', message: 'no' }))
    const results = await replaySteps(
      steps(
        {
          name: 'create',
          request: { method: 'POST', path: '/securityToken', body: {} },
          expect: { status: 200, body: { id: '{{id2}}' }, headers: { location: '/securityToken/{{id2}}' } },
          capture: { id2: 'body.id' },
        },
        { request: { method: 'GET', path: '/securityToken/{{id2}}' }, expect: { status: 200 } },
      ),
      send,
    )
    expect(sent).toHaveLength(1)
    expect(results[0]!.problems).toEqual([
      'status: expected 200, got 400 {"statusCode":"400","error":"Bad Request","message":"no"}',
      'body: not compared, unknown placeholder {{id2}}; captured so far: (nothing)',
      'headers.location: not compared, unknown placeholder {{id2}}; captured so far: (nothing)',
      'capture id2: body.id is not in the response',
    ])
    expect(results[1]!.problems).toEqual([
      'not sent: {{id2}} was to be captured by step 1 (create), which failed: status: expected 200, got 400 {"statusCode":"400","error":"Bad Request","message":"no"}',
    ])
    const printed = formatResults('session', results).split('\n')
    const failure = printed.findIndex((line) => line.includes('✗ 1. create'))
    expect(printed[failure + 1]).toBe(
      '      status: expected 200, got 400 {"statusCode":"400","error":"Bad Request","message":"no"}',
    )
    expect(toJUnitXml([{ name: 'session', results }])).toContain(
      '<failure message="status: expected 200, got 400 {&quot;statusCode&quot;:&quot;400&quot;',
    )
  })
})

describe('npm run replay', () => {
  const directory = mkdtempSync(join(tmpdir(), 'replay-cli-'))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))
  const write = (name: string, scenario: ScenarioInput | Record<string, unknown> | string) => {
    const file = join(directory, name)
    writeFileSync(file, typeof scenario === 'string' ? scenario : JSON.stringify(scenario))
    return file
  }
  const passing = write('passing.json', {
    description: 'passes',
    notes: ['a note no one needs while every step passes'],
    rules: [{ operation: 'getUser', respond: { status: 404, message: 'gone' } }],
    steps: [
      {
        request: { method: 'GET', path: `/users/${fixtures.users[0]!.id}` },
        expect: { status: 404, body: { message: 'gone' } },
      },
    ],
  })
  const failing = write('failing.json', {
    description: 'fails',
    notes: ['recorded with a system clock: timestamps in the expectations will differ on replay'],
    rules: [],
    steps: [{ request: { method: 'GET', path: '/securityToken' }, expect: { status: 200, body: [] } }],
  })
  const run = async (...argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await replayCommand(argv, { out: (text) => out.push(text), err: (text) => err.push(text) })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  it('exits 0 when every step passes and prints each step', async () => {
    const { code, out } = await run(passing)
    expect(code).toBe(0)
    expect(out).toContain(`PASS ${passing} (in-process) (1/1 steps passed)`)
    expect(out).toContain('1 scenario, 1 step: 1 passed, 0 failed')
  })

  it('exits 1 on any failure, prints the diff and writes JUnit XML on request', async () => {
    const junit = join(directory, 'reports/junit.xml')
    const { code, out } = await run(passing, failing, '--junit', junit)
    expect(code).toBe(1)
    expect(out).toContain(`FAIL ${failing} (in-process) (0/1 steps passed)`)
    expect(out).toContain(`body: expected an array of 0, got ${fixtures.securityTokens.length} items`)
    // A failed file's notes follow its steps: they may say why a step differs.
    expect(out).toContain(
      `items\n  note: recorded with a system clock: timestamps in the expectations will differ on replay`,
    )
    expect(out).not.toContain('a note no one needs')
    expect(readFileSync(junit, 'utf8')).toContain('<testsuite name="failing" tests="1" failures="1"')
  })

  it('names a bad file and the bad field, and fails', async () => {
    const bad = write('bad.json', { description: 'bad', rules: [{ operation: 'nope', delayMs: 1 }], steps: [] })
    const noSteps = write('nosteps.json', { description: 'no steps', rules: [] })
    const { code, err } = await run(bad, noSteps, join(directory, 'missing.json'))
    expect(code).toBe(1)
    expect(err).toContain(`FAIL ${bad}\n  ${bad}: rules[0].operation: must be "*" or an operation id`)
    expect(err).toContain(`${noSteps}: no steps to replay`)
    expect(err).toContain(`${join(directory, 'missing.json')}: cannot be read`)
  })

  it('takes a directory, and skips JSON Schemas named on the command line', async () => {
    const only = temporaryDirectory('replay-dir-')
    writeFileSync(join(only, 'one.json'), readFileSync(passing))
    writeFileSync(join(only, 'scenario.schema.json'), '{}')
    const { code, out } = await run(only, join(only, 'scenario.schema.json'))
    expect(code).toBe(0)
    expect(out).toContain(`skipping ${join(only, 'scenario.schema.json')}: a JSON Schema, not a scenario`)
    expect(out).toContain('1 scenario, 1 step:')
  })

  it('exits 2 on a usage mistake', async () => {
    expect((await run()).code).toBe(2)
    expect((await run(passing, '--url')).err).toContain('--url needs a value')
    expect((await run(passing, '--url', 'localhost:4010')).code).toBe(2)
    expect((await run(passing, '--bogus')).err).toContain('unknown option --bogus')
    expect((await run('--help')).code).toBe(0)
    expect(existsSync(passing)).toBe(true)
  })

  it('exits 2 on a bad --session, or --session without --url, before sending anything', async () => {
    const url = 'http://127.0.0.1:9' // nothing listens: a request would fail with exit code 1, not 2
    for (const bad of ['bad id', 'a/b', 'x'.repeat(65), 'ünï']) {
      const { code, err } = await run(passing, '--url', url, '--session', bad)
      expect(code, bad).toBe(2)
      expect(err).toContain(
        `replay: --session must be 1-64 characters of A-Z a-z 0-9 . _ ~ -, got ${JSON.stringify(bad)}`,
      )
    }
    expect((await run(passing, '--url', url, '--session=')).code).toBe(2)
    expect((await run(passing, '--url', url, '--session')).err).toContain('--session needs a value')
    const alone = await run(passing, '--session', 'qa-1')
    expect(alone.code).toBe(2)
    expect(alone.err).toContain('--session applies to a replay against a server: give --url too')
    expect((await run(passing, '--url', url, '--session', 'qa-1.replay_~x')).code).toBe(1) // valid: it gets as far as the server
  })

  it("documents the subcommand, --session and what a step's own X-Sim-Session becomes", async () => {
    const { out } = await run('--help')
    expect(out.split('\n')[0]).toBe('Usage: debt-token-simulator replay <scenario.json|directory>... [options]')
    expect(out).toContain('--session <id>')
    expect(out).toContain("A step's own X-Sim-Session header is replaced by the replay's session")
  })

  it('fails clearly when the --url server cannot be reached', async () => {
    const { code, err } = await run(passing, '--url', 'http://127.0.0.1:9')
    expect(code).toBe(1)
    expect(err).toContain('cannot reach http://127.0.0.1:9')
  })
})
