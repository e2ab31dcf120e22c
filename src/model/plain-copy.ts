/**
 * A deep copy of a stored record (JSON data: objects, arrays, primitives) made with this module's
 * own `Object` and `Array`, for a write to change.
 *
 * @note Not `structuredClone`: in a vm sandbox (Jest's environments, vitest's vmThreads and
 * vmForks pools, jsdom) the global `structuredClone` is the host's, so its copies are objects of
 * another realm, whose prototype is not this realm's `Object.prototype`; libraries that accept only
 * plain objects (mutative, under @msw/data's `Collection.update`) then refuse them.
 */
export function plainCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(plainCopy) as T
  const copy: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(value)) copy[key] = plainCopy(member)
  return copy as T
}
