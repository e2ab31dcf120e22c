/** The error shape `{statusCode, error, message}` (statusCode a string) of every error answer, and reason phrases. */
import * as z from 'zod/mini'

export const ErrorBody = z
  .object({
    statusCode: z
      .string()
      .clone()
      .register(z.globalRegistry, {
        pattern: '^[1-5]\\d{2}$',
        description: 'the HTTP status, written as a string',
        examples: ['400'],
      }),
    error: z
      .string()
      .clone()
      .register(z.globalRegistry, { description: "the status's reason phrase", examples: ['Bad Request'] }),
    message: z
      .string()
      .clone()
      .register(z.globalRegistry, {
        description: 'what is wrong: every field, what was expected and what was given',
        examples: ['body.managerAddress is required; body.amount must be at least 0, got -1'],
      }),
  })
  .register(z.globalRegistry, { id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

/** Reason phrases for the statuses the simulator answers with. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  417: 'Expectation Failed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
}

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? 'Error'
}
