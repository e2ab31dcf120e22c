/** The proxy's command-line flags (`serve --proxy`): what they become, and the mistakes refused with the flag named. */
import { describe, expect, it } from 'vitest'
import { type ProxyOptions, proxyOptionsProblem } from '../../src/proxy/proxy-options.ts'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { dispatch } from '../../src/runtimes/cli/cli.ts'
import { HELP } from '../../src/runtimes/cli/serve-options.ts'

const error = (argv: string[], env: Record<string, string> = {}) => {
  const parsed = parseArgs(argv, env)
  return parsed.kind === 'error' ? parsed.message : `not refused: ${JSON.stringify(parsed)}`
}

describe('serve --proxy flags', () => {
  it('read the base URL, the token, the operations forwarded and the time-out', () => {
    expect(parseArgs([])).not.toHaveProperty('options.proxy')
    expect(
      parseArgs([
        '--proxy',
        'https://api.example.com/v1/',
        '--token',
        'abc',
        '--proxy-only',
        'getUser, listSecurityTokens',
      ]),
    ).toMatchObject({
      kind: 'run',
      options: { proxy: { url: 'https://api.example.com/v1', token: 'abc', only: ['getUser', 'listSecurityTokens'] } },
    })
    expect(
      parseArgs(['--proxy=http://127.0.0.1:9000', '--proxy-except', 'getUser', '--proxy-timeout', '2500']),
    ).toMatchObject({
      options: { proxy: { url: 'http://127.0.0.1:9000', except: ['getUser'], timeoutMs: 2500 } },
    })
    expect(parseArgs([], { SIM_PROXY: 'http://127.0.0.1:9000', SIM_PROXY_TOKEN: 'from-env' })).toMatchObject({
      options: { proxy: { url: 'http://127.0.0.1:9000', token: 'from-env' } },
    })
    for (const flag of [
      '--proxy <url>',
      '--token <token>',
      '--proxy-only <ids>',
      '--proxy-except <ids>',
      '--proxy-timeout <ms>',
    ])
      expect(HELP).toContain(flag)
  })

  it('refuses what would send requests elsewhere or cannot work, naming the flag', () => {
    expect(error(['--proxy', 'api.example.com'])).toMatch(/^--proxy must be an absolute http\(s\) URL/)
    expect(error(['--proxy', 'ftp://example.com'])).toBe('--proxy must be an http or https URL, got ftp')
    expect(error(['--proxy', 'https://user:pw@example.com'])).toMatch(/^--proxy must not carry credentials/)
    expect(error(['--proxy', 'https://example.com/?debug=1'])).toMatch(/^--proxy must not carry a query/)
    expect(error(['--token', 'abc'])).toBe('--token goes with --proxy <url>')
    expect(error(['--proxy-only', 'getUser'])).toBe('--proxy-only goes with --proxy <url>')
    const base = ['--proxy', 'http://127.0.0.1:9000']
    expect(error([...base, '--proxy-only', 'getUsr'])).toMatch(
      /^--proxy-only names no operation: getUsr \(operations: .*getUser/,
    )
    expect(error([...base, '--proxy-only', 'getUser', '--proxy-except', 'getUser'])).toBe(
      '--proxy-only and --proxy-except exclude each other',
    )
    expect(error([...base, '--proxy-timeout', '0'])).toMatch(
      /^--proxy-timeout must be a whole number of milliseconds from 1/,
    )
    expect(error([...base, '--proxy-timeout', '1.5s'])).toBe(
      '--proxy-timeout must be a whole number of milliseconds, got 1.5s',
    )
    expect(error([...base, '--token', 'two words'])).toMatch(/^--token must be one token68/)
  })

  it('types the operations of startStandaloneServer({ proxy }) by id, and refuses a wrong one at run time too', () => {
    const good: ProxyOptions = { url: 'http://127.0.0.1:9000', only: ['getUser'] }
    expect(proxyOptionsProblem(good)).toBeUndefined()
    // @ts-expect-error a typo in an operation id does not compile
    const typo: ProxyOptions = { url: 'http://127.0.0.1:9000', only: ['getUsr'] }
    expect(proxyOptionsProblem(typo)).toMatch(/^--proxy-only names no operation: getUsr/)
  })

  it('exits 2 with the reason before starting anything', async () => {
    const err: string[] = []
    const code = await dispatch(['--proxy', 'https://api.example.com', '--proxy-only', 'getUsr'], {
      out: () => {},
      err: (text) => err.push(text),
    })
    expect(code).toBe(2)
    expect(err.join('\n')).toMatch(/^debt-token-simulator: --proxy-only names no operation: getUsr/)
  })
})
