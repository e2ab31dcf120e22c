/**
 * The shape of one route of the contract (an operation of the simulated API; control.ts declares
 * the control routes on the same shape), and `defineOperation()`, the identity helper that keeps
 * each declaration's literal types. Handlers, request validation, the OpenAPI document and
 * scenario targeting all read these declarations; nothing else declares a route.
 */
import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The resource groups of the spec, one contract module each. */
export type OperationGroup =
  | 'signatureContracts'
  | 'users'
  | 'managerPayments'
  | 'investorPayments'
  | 'debtTokens'
  | 'securityTokens'

/**
 * What every route of the contract declares, the simulated API's operations and the control
 * routes alike: the router, request validation and the OpenAPI document read only this.
 */
export interface RouteDefinition {
  /** Stable id, used by scenarios, the journal and the OpenAPI document (its operationId). */
  readonly id: string
  readonly method: HttpMethod
  /** The path with `{name}` placeholders, exactly as the spec writes it. */
  readonly path: string
  readonly summary: string
  /** Path parameters, all strings on the wire; schemas may transform them (ids to numbers). */
  readonly params?: z.ZodType<Record<string, unknown>, Record<string, string>>
  readonly query?: z.ZodType<Record<string, unknown>, Record<string, string | undefined>>
  /** The JSON request body; absent when the operation takes none. */
  readonly body?: z.ZodType
  /** Whether a request without a body is accepted (validated as `{}`). */
  readonly bodyOptional?: boolean
  /** The success (200) response body. */
  readonly response: z.ZodType
  /** Error statuses this route may answer with, besides 401 (every operation) and scenarios. */
  readonly errors: readonly number[]
}

/** An operation of the simulated API, in one of its resource groups. */
export interface OperationDefinition extends RouteDefinition {
  readonly group: OperationGroup
}

export function defineOperation<const T extends OperationDefinition>(operation: T): T {
  return operation
}

/** The parsed input a resolver (or a control handler) receives, inferred from the declaration. */
export interface OperationInput<T extends RouteDefinition> {
  params: T['params'] extends z.ZodType ? z.output<T['params']> : Record<string, never>
  query: T['query'] extends z.ZodType ? z.output<T['query']> : Record<string, never>
  body: T['body'] extends z.ZodType ? z.output<T['body']> : undefined
}

/** What a resolver returns: the success body, typed by the declaration's response schema. */
export type OperationOutput<T extends RouteDefinition> = z.input<T['response']>
