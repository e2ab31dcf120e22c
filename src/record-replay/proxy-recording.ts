/**
 * What a recording (`--record`, `PUT /__sim/recording`) keeps of a forwarded request: the
 * credentials the service saw, not the client's. With `--token`, a client may send no
 * Authorization at all; recorded as it was sent, the step would replay without one and the
 * simulator would answer 401 where the service answered. So a forwarded exchange is recorded with
 * `Authorization: Bearer <token>`, which the recorder masks as `Bearer ***` (record.ts): the secret
 * never reaches the file, and replay sends its own token in its place. Where the service echoed the
 * token in its answer (or the client sent it in its request), it is written `***` there too.
 */

import { maskedHeaderValues, maskedLiterals } from '../domain/credentials.ts'
import type { Forwarder } from '../pipeline/proxy-step.ts'
import { matchRoute } from '../pipeline/router.ts'
import type { RecordedExchange } from './record.ts'

export function recordForwardedAs(
  forwarder: Pick<Forwarder, 'forwards'>,
  token: string | undefined,
): (exchange: RecordedExchange) => RecordedExchange {
  if (token === undefined) return (exchange) => exchange
  return (exchange) => {
    const match = matchRoute(exchange.method, exchange.path)
    if (match.kind !== 'operation' || !forwarder.forwards(match.operation.id)) return exchange
    const hide = (text: string) => maskedLiterals(text, [token])
    const { response } = exchange
    return {
      ...exchange,
      path: hide(exchange.path),
      query: hide(exchange.query),
      body: hide(exchange.body),
      headers: {
        ...maskedHeaderValues(exchange.headers, [token]),
        authorization: `Bearer ${token}`,
      },
      response: { ...response, body: response.body === null ? null : hide(response.body) },
    }
  }
}
