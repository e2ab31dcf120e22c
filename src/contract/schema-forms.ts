/** What zod/mini leaves out that the contract uses, written as zod's own methods do: `unwrap()` and `strict()`. */
import * as z from 'zod/mini'

/** The schema a wrapper holds; a `z.lazy()` is built now if it was not. */
export function unwrap<T extends z.core.SomeType>(schema: z.ZodMiniLazy<T>): T
export function unwrap<T extends z.core.SomeType>(schema: z.ZodMiniOptional<T>): T
export function unwrap<T extends z.core.SomeType>(schema: z.ZodMiniNullable<T>): T
export function unwrap(
  schema: z.ZodMiniLazy<z.core.SomeType> | z.ZodMiniOptional<z.core.SomeType> | z.ZodMiniNullable<z.core.SomeType>,
): z.core.SomeType {
  return schema instanceof z.ZodMiniLazy ? schema._zod.innerType : schema._zod.def.innerType
}

/** `schema`, refusing keys its shape does not name (zod's `.strict()`). */
export function strict<Shape extends z.core.$ZodLooseShape>(
  schema: z.ZodMiniObject<Shape, z.core.$ZodObjectConfig>,
): z.ZodMiniObject<Shape, z.core.$strict> {
  return schema.clone(z.util.mergeDefs(schema._zod.def, { catchall: z.never() })) as unknown as z.ZodMiniObject<
    Shape,
    z.core.$strict
  >
}
