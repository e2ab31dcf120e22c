/** How a stored resource is keyed and indexed. */
import type { z } from 'zod/mini'

export interface TableSpec<T extends object> {
  readonly name: string
  /** The stored record's schema: it validates fixtures and every write. */
  readonly schema: z.ZodMiniType<T>
  readonly key: (record: T) => string
  /** Secondary indexes: name → the normalized value a record is filed under (null: not filed). */
  readonly indexes: Readonly<Record<string, (record: T) => string | null>>
  /** What a stored record weighs against a world's capacity (default 1; a debt token also counts its parcels). */
  readonly weight?: (record: T) => number
}

/** Normalizes an address (or any key) for lookups: hexadecimal casing is not significant. */
export function normalizeKey(value: string): string {
  return value.toLowerCase()
}

export function defineTable<T extends object>(spec: TableSpec<T>): TableSpec<T> {
  return spec
}
