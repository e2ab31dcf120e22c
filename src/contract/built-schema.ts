/**
 * Schemas built on their first use: building zod schemas dominated import time and most are never
 * used by a process, so the contract declares them in `z.lazy()`; code that reads a schema's shape
 * looks through the wrapper with `built()`.
 */
import * as z from 'zod/mini'
import { unwrap } from './schema-forms.ts'

/** The schema a `z.lazy()` stands for (built now if it was not), or the schema itself. */
export function built(schema: z.ZodMiniType): z.ZodMiniType
export function built(schema: z.ZodMiniType | undefined): z.ZodMiniType | undefined
export function built(schema: z.ZodMiniType | undefined): z.ZodMiniType | undefined {
  let inner = schema
  while (inner instanceof z.ZodMiniLazy) inner = unwrap(inner) as z.ZodMiniType
  return inner
}
