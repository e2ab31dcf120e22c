/**
 * Schemas built on their first use. Building zod schemas was most of what importing the simulator
 * cost (more than a thousand of them, in every test file's start), and most are never used by a
 * process: the control API's, the dashboard's, the scenario files', the factories' and the
 * answers' (which only document). So the contract declares them in `z.lazy()`, which builds one
 * when it first parses or is documented; code that reads a schema's shape looks through the
 * wrapper with `built()`.
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
