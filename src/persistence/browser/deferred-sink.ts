/**
 * The store a browser simulator is created with when `persist` or `sync` is set: the simulator is
 * created synchronously, but the storage loads asynchronously, so this keeps the writes made
 * meanwhile and hands them over. Small on purpose: it is in every page that imports the browser entry.
 */
import type { Change, ChangeSink, Persistence, StoredEntry, WorldIdentity } from '../change.ts'
import { describeIdentity, sameIdentity } from '../world-identity.ts'

export class DeferredSink implements ChangeSink {
  #identity: WorldIdentity | undefined
  #apply: ((entries: Iterable<StoredEntry>) => string[]) | undefined
  #currentState: (() => Change[]) | undefined
  #target: ChangeSink | undefined
  #early: (readonly Change[])[] = []

  /** The `persistence` option that makes the simulator write here (it starts empty: the store fills it later). */
  readonly persistence: Persistence = ({ identity, apply, currentState }) => {
    this.#identity = identity
    this.#apply = apply
    this.#currentState = currentState
    return { entries: [], sink: this }
  }

  /** The world the simulator runs (known once it was created with `persistence`). */
  get identity(): WorldIdentity {
    if (this.#identity === undefined) throw new Error('the simulator was not created with this persistence')
    return this.#identity
  }

  /**
   * Whether `stored` is the world this simulator runs, and how to name a world in a message. Here,
   * in the page's static code, so that the lazy storage chunk imports nothing the page already
   * has: a chunk shared with it made bundlers split the page, and the split weighed more.
   */
  isThisWorld(stored: WorldIdentity): boolean {
    return sameIdentity(stored, this.identity)
  }

  describe(identity: WorldIdentity): string {
    return describeIdentity(identity)
  }

  /** Applies stored or another tab's entries to the live world without storing them again; returns warnings. */
  apply(entries: Iterable<StoredEntry>): string[] {
    if (this.#apply === undefined) throw new Error('the simulator was not created with this persistence')
    return this.#apply(entries)
  }

  append(changes: readonly Change[]): void {
    // Cloned now, as the sink contract asks: the next write may change these records.
    if (this.#target === undefined) this.#early.push(structuredClone(changes))
    else this.#target.append(changes)
  }

  stored(): Promise<void> {
    return this.#target?.stored() ?? Promise.resolve()
  }

  /** The whole kept state as changes (what a long log is compacted into). */
  currentState(): Change[] {
    if (this.#currentState === undefined) throw new Error('the simulator was not created with this persistence')
    return this.#currentState()
  }

  /** From now on writes go to `target`; returns those made before, oldest first. */
  attach(target: ChangeSink): (readonly Change[])[] {
    this.#target = target
    const early = this.#early
    this.#early = []
    return early
  }
}
