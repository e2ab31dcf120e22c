/** The whole contract: every schema and operation, for clients that want the types or to validate. */

export * from './debt-tokens.ts'
export * from './error-body.ts'
export * from './formats.ts'
export * from './operation.ts'
export * from './operations.ts'
export * from './payment-fields.ts'
export * from './payments.ts'
export * from './security-tokens.ts'
export * from './signature-contracts.ts'
export * from './users.ts'
