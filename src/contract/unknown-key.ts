/**
 * The field a schema knows that an unknown one was most likely meant to be, so wherever a strict
 * object refuses a key, a typo such as `originalAmout` is answered with `did you mean "originalAmount"?`.
 */
import type { z } from 'zod/mini'

/** The object schema found by following `path` into `schema` (through optional, array, union…). */
function objectAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType[] {
  let candidates: z.core.$ZodType[] = [schema]
  for (const part of path) {
    candidates = candidates
      .flatMap((candidate) => unwrapped(candidate))
      .flatMap((candidate) => {
        const def = candidate._zod.def as {
          type: string
          shape?: Record<string, z.core.$ZodType>
          element?: z.core.$ZodType
        }
        if (typeof part === 'number') return def.type === 'array' && def.element !== undefined ? [def.element] : []
        const key = String(part)
        const member = def.type === 'object' && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined
        return member === undefined ? [] : [member]
      })
  }
  return candidates.flatMap((candidate) => unwrapped(candidate))
}

/** The schemas a wrapper stands for: optional, nullable, default, pipe's input, a union's members. */
function unwrapped(schema: z.core.$ZodType, depth = 0): z.core.$ZodType[] {
  if (depth > 8) return [schema]
  const def = schema._zod.def as {
    type: string
    innerType?: z.core.$ZodType
    in?: z.core.$ZodType
    options?: z.core.$ZodType[]
    getter?: () => z.core.$ZodType
  }
  if (def.innerType !== undefined) return unwrapped(def.innerType, depth + 1)
  if (def.type === 'pipe' && def.in !== undefined) return unwrapped(def.in, depth + 1)
  if (def.type === 'union' && def.options !== undefined) return def.options.flatMap((o) => unwrapped(o, depth + 1))
  if (def.type === 'lazy' && def.getter !== undefined) return unwrapped(def.getter(), depth + 1)
  return [schema]
}

/** Optimal string alignment distance (a swap of two neighbours counts once), case-insensitive. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase()
  const t = b.toLowerCase()
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)])
  for (let j = 1; j <= t.length; j++) rows[0]![j] = j
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = best
    }
  }
  return rows[s.length]![t.length]!
}

/**
 * The known name nearest to `key`, when it is near enough to be a typo (a third of its length, at
 * most 3). None when `key` is itself known: a union's other form has it (a `state` on a table
 * without states), and naming the key it was given would say nothing.
 */
export function nearestName(key: string, known: readonly string[]): string | undefined {
  if (key.length > 64 || known.includes(key)) return undefined
  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 3)))
  let nearest: string | undefined
  let nearestDistance = limit + 1
  for (const name of known) {
    const d = distance(key, name)
    if (d < nearestDistance) {
      nearest = name
      nearestDistance = d
    }
  }
  return nearest
}

/** The fields the object at `path` of `schema` knows (several objects of a union: all of theirs). */
export function knownFields(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  return objectAt(schema, path).flatMap((candidate) => {
    const def = candidate._zod.def as { type: string; shape?: Record<string, unknown> }
    return def.type === 'object' && def.shape !== undefined ? Object.keys(def.shape) : []
  })
}
