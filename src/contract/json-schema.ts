/**
 * The JSON Schema keywords this project reads from the schemas zod writes (`z.toJSONSchema`):
 * the dashboard builds its rule form from them, and the proxy checks the service's answers
 * against them. A type only; what each reader does with a keyword it does not know is its own.
 */
export interface JsonSchema {
  readonly $ref?: string
  readonly $defs?: Readonly<Record<string, JsonSchema>>
  readonly type?: string | readonly string[]
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly additionalProperties?: boolean | JsonSchema
  readonly items?: JsonSchema
  readonly enum?: readonly unknown[]
  readonly const?: unknown
  readonly anyOf?: readonly JsonSchema[]
  readonly oneOf?: readonly JsonSchema[]
  readonly pattern?: string
  readonly format?: string
  readonly minimum?: number
  readonly maximum?: number
  readonly minItems?: number
  readonly title?: string
  readonly description?: string
  readonly examples?: readonly unknown[]
}
