/**
 * The whole contract: every schema and operation, for clients that want the types or to validate.
 * Schemas of more than a few fields are `z.lazy()` (built on first use, see built-schema.ts): they
 * parse and infer as any schema; to read or extend one's shape, `.unwrap()` it first.
 */

export * from './debt-tokens.ts'
export * from './error-body.ts'
export * from './formats.ts'
export * from './operation.ts'
export * from './operations.ts'
export * from './payment-fields.ts'
export * from './payments.ts'
export * from './security-token-inputs.ts'
export * from './security-tokens.ts'
export * from './signature-contracts.ts'
export * from './users.ts'
