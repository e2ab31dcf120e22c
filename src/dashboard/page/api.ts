/** The dashboard's client of the control API: same-origin JSON fetches, the acting session as `X-Sim-Session`. */

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ControlError'
  }
}

/** What a call says when no answer came at all (the server stopped, say). */
export const UNREACHABLE = 'the simulator does not answer: is the server still running?'

export interface CallOptions {
  readonly body?: unknown
  /** The session to act on (`X-Sim-Session`); null or absent: the default world. */
  readonly session?: string | null | undefined
}

export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (method !== 'GET') headers['content-type'] = 'application/json'
  if (options.session) headers['x-sim-session'] = options.session
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    })
  } catch {
    throw new ControlError(0, UNREACHABLE)
  }
  const text = await response.text()
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  if (!response.ok) {
    const message = (json as { message?: unknown } | undefined)?.message
    throw new ControlError(
      response.status,
      typeof message === 'string' ? message : `${method} ${path} answered ${response.status}`,
    )
  }
  return json as T
}

export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
