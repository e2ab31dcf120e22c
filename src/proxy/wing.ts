/** The proxy wing: the forwarder the core's pipeline sends the chosen operations through (docs/proxy.md). */
import type { Wing } from '../control/wing.ts'
import { createForwarder } from './forward.ts'
import type { ProxyOptions } from './proxy-options.ts'

export interface ProxyWingOptions {
  /** Forward the API's operations to the real service and answer with its answers. */
  readonly proxy?: ProxyOptions | undefined
}

/** The token is lent only to the callers the host admits (a server's control API answers them). */
export const proxyWing: Wing<ProxyWingOptions> = {
  name: 'proxy',
  prepare: ({ proxy }, host) =>
    proxy === undefined ? undefined : { forwarder: createForwarder(proxy, host.admitTokenCaller) },
}
