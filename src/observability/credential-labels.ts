/**
 * How the journal shows a request's `Authorization`: the scheme and a number per distinct credential
 * (`Bearer ***1`), so callers can be told apart while the credential is kept nowhere. A number, not a
 * hash: even a short hash would let anyone check a guessed token against it. Numbers hold across a
 * `reset`; past MAX_LABELLED digests every credential reads `***?`, so fresh tokens cannot grow this.
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
