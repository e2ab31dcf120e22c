/**
 * ApiError: an answer in the documented error shape. Resolvers and pipeline steps throw it; one
 * place (the pipeline's catch) turns it into a response.
 */
import { type ErrorBody, reasonPhrase } from '../contract/error-body.ts'
import { jsonResponse, type SimResponse } from './sim-request.ts'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error: string = reasonPhrase(status),
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }

  get body(): ErrorBody {
    return { statusCode: String(this.status), error: this.error, message: this.message }
  }

  static badRequest(message: string): ApiError {
    return new ApiError(400, message)
  }

  static notFound(message: string): ApiError {
    return new ApiError(404, message)
  }
}

/** An ApiError as the answer in the documented shape. */
export function errorResponse(error: ApiError): SimResponse {
  return jsonResponse(error.status, error.body, error.headers)
}
