/**
 * The reason phrase of any HTTP error status a scenario rule may answer (the documented `error`
 * member): the simulator's own, then the IANA registry's, then "Client Error" or "Server Error".
 */
import { REASON_PHRASES } from '../contract/error-body.ts'

const REGISTERED: Readonly<Record<number, string>> = {
  402: 'Payment Required',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a teapot",
  421: 'Misdirected Request',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  451: 'Unavailable For Legal Reasons',
  501: 'Not Implemented',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
}

export function errorStatusPhrase(status: number): string {
  return REASON_PHRASES[status] ?? REGISTERED[status] ?? (status < 500 ? 'Client Error' : 'Server Error')
}

/** Statuses below 400 the simulator answers with, by phrase. */
const SUCCESS_PHRASES: Readonly<Record<number, string>> = { 200: 'OK', 201: 'Created', 204: 'No Content' }

/** The reason phrase of any status the simulator answers with ('' for a network error's 0). */
export function statusPhrase(status: number): string {
  if (status === 0) return ''
  return status >= 400 ? errorStatusPhrase(status) : (SUCCESS_PHRASES[status] ?? '')
}
