/**
 * The whole contract: every schema and operation, for clients that want the types or to validate.
 * The schemas are zod/mini's (decision 0023): they parse, infer and compose with zod's classic API
 * as any zod schema. Those of more than a few fields are `z.lazy()` (built on first use, see
 * built-schema.ts); to read or extend one's shape, `unwrap()` it first (schema-forms.ts).
 */

export * from './debt-tokens.ts'
export * from './error-body.ts'
export * from './formats.ts'
export * from './operation.ts'
export * from './operations.ts'
export * from './payment-fields.ts'
export * from './payments.ts'
export { unwrap } from './schema-forms.ts'
export * from './security-token-inputs.ts'
export * from './security-tokens.ts'
export * from './signature-contracts.ts'
export * from './users.ts'
