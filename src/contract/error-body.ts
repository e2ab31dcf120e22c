/**
 * The documented error shape `{statusCode, error, message}` (statusCode is a string) and the
 * reason phrases used with it. Every error the simulator answers has this shape.
 */
import * as z from 'zod'

export const ErrorBody = z
  .object({
    statusCode: z.string().meta({ example: '400' }),
    error: z.string().meta({ example: 'Bad Request' }),
    message: z.string(),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

/** Reason phrases for the statuses the simulator answers with. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? 'Error'
}
