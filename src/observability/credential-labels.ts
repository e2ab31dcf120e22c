/**
 * How the journal shows a request's `Authorization`: the scheme and a number, `Bearer ***1`,
 * `Bearer ***2`, … one per distinct credential in the order this journal first saw them, so two
 * callers can be told apart while the credential itself is kept nowhere. A number says nothing
 * about the token (a hash of it, even a short one, would let anyone check a guessed token against
 * it); it holds for the journal's life, across a `reset`, so a draft made of entries before and
 * after one still tells the same callers apart.
 *
 * Only a digest of each credential is remembered, at most MAX_LABELLED of them: past that, further
 * credentials all read `***?` (a client sending a fresh token per request cannot grow this).
 */
import { stableHex } from '../domain/caller.ts'
import { authorizationParts, carriesSecret, maskedAuthorization } from '../domain/credentials.ts'

/** How many distinct credentials get a number of their own. */
const MAX_LABELLED = 10_000

export class CredentialLabels {
  readonly #numbers = new Map<string, number>()

  /** The header as the journal shows it. */
  mask(value: string): string {
    const parts = authorizationParts(value)
    if (!carriesSecret(parts)) return value
    // 64 bits: two credentials among MAX_LABELLED share a digest with odds of about one in 10^11.
    const digest = stableHex(`${parts.scheme?.toLowerCase() ?? ''} ${parts.credential}`, 16)
    let number = this.#numbers.get(digest)
    if (number === undefined && this.#numbers.size < MAX_LABELLED) {
      number = this.#numbers.size + 1
      this.#numbers.set(digest, number)
    }
    return maskedAuthorization(value, number === undefined ? '?' : String(number))
  }
}
