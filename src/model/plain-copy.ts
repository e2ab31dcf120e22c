/**
 * A deep copy of a stored record made with this realm's `Object` and `Array`, for a write to change.
 * Not `structuredClone`: in a vm sandbox (Jest, vitest's vm pools) it is the host's, and its
 * other-realm objects are refused by mutative (under @msw/data's `Collection.update`).
 */
export function plainCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(plainCopy) as T
  const copy: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(value)) copy[key] = plainCopy(member)
  return copy as T
}
