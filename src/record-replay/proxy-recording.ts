/**
 * What a recording keeps of a forwarded request: the credentials the service saw (`--token`'s), not
 * the client's, which may be none and would replay as a 401. The recorder masks it, so the secret never
 * reaches the file; an echo of the token in a body is written `***` too.
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
