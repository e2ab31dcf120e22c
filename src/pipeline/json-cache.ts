/**
 * Reuses the serialized body of a list answer while it holds the very same frozen elements as last time: lists are
 * read far more often than they change. Identity is the whole test (tables never mutate a record), so a stale body
 * is never served, whichever tenant asks. A cached body keeps its UTF-8 bytes too, for the standalone server.
 */

import { EncodedBody } from '../http/sim-request.ts'

export class ListJsonCache {
  readonly #entries = new Map<string, { elements: readonly unknown[]; body: EncodedBody }>()

  constructor(readonly maxEntries = 256) {}

  /** JSON.stringify(output), cached under `key` when it is a non-empty list of frozen records. */
  serialize(key: string, output: unknown): { json: string; encoded?: EncodedBody } {
    if (!Array.isArray(output) || output.length === 0 || !output.every((element) => Object.isFrozen(element))) {
      return { json: JSON.stringify(output) }
    }
    const hit = this.#entries.get(key)
    if (
      hit !== undefined &&
      hit.elements.length === output.length &&
      hit.elements.every((element, i) => element === output[i])
    ) {
      return { json: hit.body.text, encoded: hit.body }
    }
    const body = new EncodedBody(JSON.stringify(output))
    if (!this.#entries.has(key) && this.#entries.size >= this.maxEntries)
      this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(key, { elements: output, body })
    return { json: body.text, encoded: body }
  }
}
