/** The proxy wing: the forwarder the core's pipeline sends the chosen operations through (docs/proxy.md). */
import type { FlagValues, Wing } from '../control/wing.ts'
import { createForwarder } from './forward.ts'
import {
  DEFAULT_PROXY_TIMEOUT_MS,
  operationList,
  type ProxyOptions,
  proxyBaseUrl,
  proxyOptionsProblem,
} from './proxy-options.ts'

export interface ProxyWingOptions {
  /**
   * Forward the API's operations to the real service (`serve --proxy`; docs/proxy.md). Only for a
   * simulator this server creates: one passed in was built with its own `forwarder`, or none.
   */
  readonly proxy?: ProxyOptions | undefined
}

const PROXY_FLAGS = ['token', 'proxy-only', 'proxy-except', 'proxy-timeout'] as const

function proxyFromFlags({ values }: FlagValues): ProxyWingOptions | string {
  if (values.proxy === undefined) {
    const stray = PROXY_FLAGS.find((name) => values[name] !== undefined)
    return stray === undefined ? {} : `--${stray} goes with --proxy <url>`
  }
  const base = proxyBaseUrl(values.proxy)
  if ('problem' in base) return `--proxy ${base.problem}`
  const lists: Record<string, string[]> = {}
  for (const name of ['proxy-only', 'proxy-except'] as const) {
    if (values[name] === undefined) continue
    const list = operationList(values[name])
    if ('problem' in list) return `--${name} ${list.problem}`
    lists[name] = list.ids
  }
  const timeout = values['proxy-timeout']
  if (timeout !== undefined && !/^\d+$/.test(timeout))
    return `--proxy-timeout must be a whole number of milliseconds, got ${timeout}`
  const proxy: ProxyOptions = {
    url: base.url,
    ...(values.token !== undefined && { token: values.token }),
    ...(lists['proxy-only'] !== undefined && { only: lists['proxy-only'] as ProxyOptions['only'] }),
    ...(lists['proxy-except'] !== undefined && { except: lists['proxy-except'] as ProxyOptions['except'] }),
    ...(timeout !== undefined && { timeoutMs: Number(timeout) }),
  }
  return proxyOptionsProblem(proxy) ?? { proxy }
}

/** The token is lent only to the callers the host admits (a server's control API answers them). */
export const proxyWing: Wing<ProxyWingOptions> = {
  name: 'proxy',
  flags: [
    {
      name: 'proxy',
      value: '<url>',
      env: 'SIM_PROXY',
      help: 'forward API requests to the real service at <url> and answer with its answers, each checked against the contract (drift goes to the log, the journal and the dashboard); scenarios still switch chosen operations into errors; see docs/proxy.md',
    },
    {
      name: 'token',
      value: '<token>',
      env: 'SIM_PROXY_TOKEN',
      help: "with --proxy: send Authorization: Bearer <token> to the service instead of the client's",
    },
    {
      name: 'proxy-only',
      value: '<ids>',
      help: 'with --proxy: forward only these operations (comma-separated operation ids); the simulator answers the others',
    },
    { name: 'proxy-except', value: '<ids>', help: 'with --proxy: forward every operation but these' },
    {
      name: 'proxy-timeout',
      value: '<ms>',
      help: `with --proxy: how long the service may take to answer (default ${DEFAULT_PROXY_TIMEOUT_MS}); then 504`,
    },
  ],
  fromFlags: proxyFromFlags,
  describe: ({ proxy }) => proxy && `proxying to ${proxy.url}`,
  prepare: ({ proxy }, host) =>
    proxy === undefined ? undefined : { forwarder: createForwarder(proxy, host.admitTokenCaller) },
}
