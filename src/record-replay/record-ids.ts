/**
 * Integer ids a recorded service assigned, as captures: kept literal, an id breaks a replay against a
 * service whose counters stand elsewhere. Every integer id member of a successful POST's answer becomes
 * a capture and a `{{placeholder}}` afterwards. Small integers are everywhere, so an id is replaced only
 * where it can only be that id: under the path it was created at, as a whole path segment, an id-named
 * parameter or member, or a word of those answers' text. Of two ids of one value, the latest counts.
 */

/** What the recorder knows of an exchange (record.ts): enough to find creations and their answers. */
interface ExchangeShape {
  readonly method: string
  readonly path: string
  readonly response: { readonly status: number }
}

type ParsedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false }

/** Member names that hold an id: `id`, `paymentId`, `paymentID`, `payment_id`. */
const ID_MEMBER = /^(?:id|\w*(?:Id|ID|_id))$/

interface AssignedId {
  readonly value: number
  readonly name: string
  /** The step (0-based) whose answer assigned it. */
  readonly step: number
  /** The path it was created at; the id is replaced only under it. */
  readonly collection: string
}

export interface AssignedIdCaptures {
  /** The captures by step (0-based): name → path such as `body.id`. */
  readonly captures: ReadonlyMap<number, Readonly<Record<string, string>>>
  /** A step's path and query string, with the ids they name as placeholders. */
  target(step: number, path: string, query: string): string
  requestBody(step: number, body: unknown): unknown
  responseBody(step: number, body: unknown): unknown
}

const isUnder = (path: string, collection: string) => path === collection || path.startsWith(`${collection}/`)

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

/** Calls `visit` for every integer id member of a JSON value, with its path (`body.items[0].id`). */
function walkIds(value: unknown, path: string, visit: (id: number, path: string) => void): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walkIds(item, `${path}[${i}]`, visit)
  } else if (value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(value)) {
      if (!/^[^.[\]]+$/.test(name)) continue // a path cannot name it
      if (ID_MEMBER.test(name) && isId(member)) visit(member, `${path}.${name}`)
      else walkIds(member, `${path}.${name}`, visit)
    }
  }
}

/** The capture name of a path, numbered past names taken; `next` keeps each count, so many ids do not recount. */
function freshName(path: string, taken: Set<string>, next: Map<string, number>): string {
  const members = path.match(/[A-Za-z_]\w*/g) ?? []
  const base = members[members.length - 1] ?? 'id'
  let n = next.get(base) ?? 1
  let name = n === 1 ? base : `${base}${n}`
  while (taken.has(name) || /^caller\d*$/.test(name)) name = `${base}${++n}`
  next.set(base, n + 1)
  taken.add(name)
  return name
}

/** A whole number as a word of a text: not part of a longer number, word, decimal, date, time or address. */
const WORD_NUMBER = /(?<![\w.:/+-])\d+(?![\w:/+-]|\.\d)/g

/**
 * The captures of the ids the recorded creations were assigned.
 * @param taken capture names already in use (the generated values'); the ids' names are added.
 */
export function captureAssignedIds(
  exchanges: readonly ExchangeShape[],
  responseBodies: readonly ParsedBody[],
  taken: Set<string>,
): AssignedIdCaptures {
  // By the path they were created at, then by value: a step looks up only the few paths above it.
  const assigned = new Map<string, Map<number, AssignedId[]>>()
  const captures = new Map<number, Record<string, string>>()
  const nextNumber = new Map<string, number>()
  exchanges.forEach((exchange, step) => {
    const answer = responseBodies[step]
    const created = exchange.method === 'POST' && exchange.response.status >= 200 && exchange.response.status < 300
    if (!created || answer === undefined || !answer.ok) return
    walkIds(answer.value, 'body', (value, path) => {
      const name = freshName(path, taken, nextNumber)
      const byValue = assigned.get(exchange.path) ?? new Map<number, AssignedId[]>()
      assigned.set(exchange.path, byValue)
      byValue.set(value, [...(byValue.get(value) ?? []), { value, name, step, collection: exchange.path }])
      captures.set(step, { ...captures.get(step), [name]: path })
    })
  })

  /** The placeholder name of an id a step may name (created under its path, before it or by it); undefined: none. */
  const namesFor = (step: number, ownAnswer: boolean): ((id: number) => string | undefined) | undefined => {
    const path = exchanges[step]?.path ?? ''
    const groups = [...assigned].filter(([collection]) => isUnder(path, collection)).map(([, byValue]) => byValue)
    if (groups.length === 0) return undefined
    return (value) => {
      let latest: AssignedId | undefined
      for (const byValue of groups)
        for (const id of byValue.get(value) ?? [])
          if ((id.step < step || (ownAnswer && id.step === step)) && (latest === undefined || id.step > latest.step))
            latest = id
      return latest?.name
    }
  }

  const rewrite = (value: unknown, nameOf: (id: number) => string | undefined, inText: boolean): unknown => {
    if (typeof value === 'string' && inText) {
      return value.replace(WORD_NUMBER, (word) => {
        const name = nameOf(Number(word))
        return name === undefined ? word : `{{${name}}}`
      })
    }
    if (Array.isArray(value)) return value.map((item) => rewrite(item, nameOf, inText))
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.entries(value).map(([name, member]) => {
        const placeholder = ID_MEMBER.test(name) && isId(member) ? nameOf(member) : undefined
        return [name, placeholder === undefined ? rewrite(member, nameOf, inText) : `{{${placeholder}}}`]
      }),
    )
  }

  return {
    captures,
    target(step, path, query) {
      const nameOf = namesFor(step, false)
      if (nameOf === undefined) return query === '' ? path : `${path}?${query}`
      const segments = path.split('/').map((segment) => {
        const name = /^\d+$/.test(segment) ? nameOf(Number(segment)) : undefined
        return name === undefined ? segment : `{{${name}}}`
      })
      const parameters = query.split('&').map((parameter) => {
        const [key = '', value = ''] = parameter.split('=', 2)
        const name = ID_MEMBER.test(key) && /^\d+$/.test(value) ? nameOf(Number(value)) : undefined
        return name === undefined ? parameter : `${key}={{${name}}}`
      })
      return query === '' ? segments.join('/') : `${segments.join('/')}?${parameters.join('&')}`
    },
    requestBody(step, body) {
      const nameOf = namesFor(step, false)
      return nameOf === undefined ? body : rewrite(body, nameOf, false)
    },
    responseBody(step, body) {
      const nameOf = namesFor(step, true)
      return nameOf === undefined ? body : rewrite(body, nameOf, true)
    },
  }
}
