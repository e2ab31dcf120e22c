/**
 * Reuses the serialized body of a list answer while it holds the very same frozen elements as the
 * last time that request was answered. Lists are read far more often than they change, and
 * serializing one costs several times everything else a list GET does. Identity of frozen elements
 * is the whole test: a changed record is a new object (tables never mutate one), so a stale body
 * can never be served, whichever tenant or session asks. A cached body also keeps its UTF-8 bytes
 * (made on first use), so the standalone server does not encode the list again for every answer.
 */

import { EncodedBody } from '../http/sim-request.ts'

export class ListJsonCache {
  readonly #entries = new Map<string, { elements: readonly unknown[]; body: EncodedBody }>()

  constructor(readonly maxEntries = 256) {}

  /**
   * JSON.stringify(output), from the cache when `key` last gave the same frozen elements; with its
   * encoder when the answer is cacheable (a non-empty list of frozen records).
   */
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
