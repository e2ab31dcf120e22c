/** The shape of one route of the contract, and `defineOperation()`, which keeps each declaration's literal types. */
import type { z } from 'zod/mini'

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
  /** One line: what the route does (the OpenAPI summary, the reference's first line). */
  readonly summary: string
  /**
   * What a client needs to know beyond the summary and the schemas: the rules the route applies,
   * what it derives, what a status means here (the OpenAPI description). Markdown.
   */
  readonly description: string
  /** Path parameters, all strings on the wire; schemas may transform them (ids to numbers). */
  readonly params?: z.ZodMiniType<Record<string, unknown>, Record<string, string>>
  readonly query?: z.ZodMiniType<Record<string, unknown>, Record<string, string | undefined>>
  /** The JSON request body; absent when the operation takes none. */
  readonly body?: z.ZodMiniType
  /** Whether a request without a body is accepted (validated as `{}`). */
  readonly bodyOptional?: boolean
  /** The success (200) response body. */
  readonly response: z.ZodMiniType
  /**
   * The error statuses this route answers for reasons of its own, each with when it does. Those the
   * pipeline answers for every operation (openapi-statuses.ts) are added, not listed here.
   */
  readonly errors: Readonly<Partial<Record<number, string>>>
}

/**
 * An OpenAPI link: an operation a client (or a stateful tester) can call next with values taken
 * from this one's request or response, written as runtime expressions
 * (`$response.body#/id`, `$request.body#/tokenAddress`) keyed by the target's path or query
 * parameter name as the contract declares it.
 */
export interface LinkDefinition {
  readonly operationId: string
  readonly parameters: Readonly<Record<string, string>>
  readonly description: string
}

/** An operation of the simulated API, in one of its resource groups. */
export interface OperationDefinition extends RouteDefinition {
  readonly group: OperationGroup
  /** The operations that read (or change) what this one wrote, by link name. */
  readonly links?: Readonly<Record<string, LinkDefinition>>
}

export function defineOperation<const T extends OperationDefinition>(operation: T): T {
  return operation
}

/** The parsed input a resolver (or a control handler) receives, inferred from the declaration. */
export interface OperationInput<T extends RouteDefinition> {
  params: T['params'] extends z.ZodMiniType ? z.output<T['params']> : Record<string, never>
  query: T['query'] extends z.ZodMiniType ? z.output<T['query']> : Record<string, never>
  body: T['body'] extends z.ZodMiniType ? z.output<T['body']> : undefined
}

/** What a resolver returns: the success body, typed by the declaration's response schema. */
export type OperationOutput<T extends RouteDefinition> = z.input<T['response']>
