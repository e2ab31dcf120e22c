/**
 * What the randomized tab test drives and checks: a plan of rounds, each giving every tab one
 * action (writes, an investment added to a shared record, a delete, the clock set, a reset, a
 * reload, or nothing), all tabs acting at once; and the model of what the world must hold after
 * each round, from the answers the tabs got.
 *
 * The actions of a round start at the same instant, so every serial order of them is allowed (as
 * linearizability has it: each request, reset and clock set takes effect at one instant between its
 * start and its answer), and the answers tell which one the tabs took. Without a reset every order
 * gives the same records. With one, each write came before it (gone with everything acknowledged in
 * earlier rounds) or after it (kept), and what came after it started from the seeded world: ids and
 * addresses start over, so a token created after the reset may get the address of one created
 * before it, and an investment in that address acknowledged after that create counts. The model
 * checks each record against that: a token is a seeded one or one this round created; what it holds
 * beyond its seeded amount is some of this round's acknowledged investments in its address; a
 * payment is one this round acknowledged under the id it holds. test/unit/tab-world-model.test.ts
 * plays random serial orders on one simulator and checks that the model accepts each.
 */
import fc from 'fast-check'
import { expect } from 'vitest'

export type Action =
  | { readonly kind: 'create' }
  | { readonly kind: 'pay'; readonly count: number }
  | { readonly kind: 'invest'; readonly target: number; readonly amount: number }
  | { readonly kind: 'delete' }
  | { readonly kind: 'clock' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'reload' }
  | { readonly kind: 'idle' }

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'create' } as const) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), count: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('invest' as const),
      target: fc.nat({ max: 5 }),
      amount: fc.integer({ min: 1, max: 99 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'delete' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clock' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' } as const) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reload' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'idle' } as const) },
)

/**
 * Rounds of one action per tab, with at least one reset and one reload. `keepOneOpen`: never
 * every tab reloading at once (with `sync` alone the world lives only while a tab is open).
 */
export function planOf(tabs: number, keepOneOpen: boolean): fc.Arbitrary<Action[][]> {
  return fc
    .array(fc.array(action, { minLength: tabs, maxLength: tabs }), { minLength: 5, maxLength: 8 })
    .map((rounds) =>
      rounds.map((round) =>
        keepOneOpen && round.every((a) => a.kind === 'reload') ? [...round.slice(1), { kind: 'idle' } as const] : round,
      ),
    )
    .filter(
      (rounds) =>
        rounds.some((round) => round.some((a) => a.kind === 'reset')) &&
        rounds.some((round) => round.some((a) => a.kind === 'reload')),
    )
}

/** What one action got back: the statuses of its requests and what they acknowledged. */
export type Outcome =
  | { readonly kind: 'create'; readonly status: number; readonly address?: string }
  | { readonly kind: 'pay'; readonly replies: readonly { status: number; id?: number; amount: number }[] }
  | { readonly kind: 'invest'; readonly status: number; readonly address: string; readonly amount: number }
  | { readonly kind: 'delete'; readonly status: number }
  | { readonly kind: 'clock'; readonly instant: string }
  | { readonly kind: 'reset' | 'reload' | 'idle' }

/** What every tab answers for the world: its security tokens and payments (sorted), and its clock. */
export interface View {
  readonly tokens: readonly { contractAddress: string; totalInvestmentAmount: number }[]
  readonly payments: readonly { id: number; amount: number }[]
  readonly now: string
}

/** The world the acknowledged writes add up to, over the seeded one. */
export class ExpectedWorld {
  /** Created security tokens, and investments added to any token since the last reset, by address. */
  readonly #created = new Set<string>()
  readonly #invested = new Map<string, number>()
  readonly #payments = new Map<number, number>()
  #deleted = false
  #clock: string

  constructor(
    /** The world as seeded, as a tab first answered it. */
    private readonly seeded: View,
    /** The seeded token a delete removes. */
    private readonly deletable: string,
  ) {
    this.#clock = seeded.now
  }

  /** Where an investment goes: a seeded token that is never deleted, or one created since the last reset. */
  investTargets(): string[] {
    return [this.seeded.tokens[0]!.contractAddress, ...this.#created]
  }

  /** Checks `view` (what every tab answered, the same) against the round's outcomes, then takes them in. */
  check(outcomes: readonly Outcome[], view: View): void {
    for (const outcome of outcomes) expect(statusesOf(outcome).filter((status) => status >= 500)).toEqual([])
    const clocks = outcomes.some((outcome) => outcome.kind === 'reset')
      ? this.#takeAfterReset(outcomes, view)
      : this.#take(outcomes)
    // Clocks set at once: the one stored last wins, the same in every tab (checked against the others).
    expect(clocks).toContain(view.now)
    this.#clock = view.now
    expect(view.tokens.map((token) => token.contractAddress).sort()).toEqual(this.#addresses())
    for (const token of view.tokens)
      expect(token.totalInvestmentAmount, token.contractAddress).toBe(this.#total(token.contractAddress))
    expect(new Map(view.payments.map((payment) => [payment.id, payment.amount]))).toEqual(this.#payments)
  }

  /** A round without a reset: every acknowledged write counts, in full. Returns the clocks it may show. */
  #take(outcomes: readonly Outcome[]): string[] {
    const deletes = outcomes.filter((outcome) => outcome.kind === 'delete')
    const clocks: string[] = []
    for (const outcome of outcomes) {
      if (outcome.kind === 'create') {
        expect(outcome.status).toBe(200)
        this.#created.add(outcome.address!)
      } else if (outcome.kind === 'pay') this.#pay(outcome.replies)
      else if (outcome.kind === 'invest') {
        expect(outcome.status, `investment in ${outcome.address}`).toBe(200)
        this.#invested.set(outcome.address, (this.#invested.get(outcome.address) ?? 0) + outcome.amount)
      } else if (outcome.kind === 'clock') clocks.push(outcome.instant)
    }
    // One delete of the token removes it; every other one finds it gone.
    const removed = deletes.filter((outcome) => outcome.status === 200).length
    expect(removed).toBe(this.#deleted || deletes.length === 0 ? 0 : 1)
    expect(deletes.length - removed).toBe(deletes.filter((outcome) => outcome.status === 404).length)
    this.#deleted ||= removed === 1
    return clocks.length > 0 ? clocks : [this.#clock]
  }

  /** A round with a reset: what came before it is gone; this round's writes came before or after it. */
  #takeAfterReset(outcomes: readonly Outcome[], view: View): string[] {
    const present = new Set(view.tokens.map((token) => token.contractAddress))
    this.#created.clear()
    this.#invested.clear()
    this.#payments.clear()
    this.#deleted = !present.has(this.deletable)
    if (this.#deleted)
      expect(outcomes.some((outcome) => outcome.kind === 'delete' && outcome.status === 200)).toBe(true)
    const clocks = [this.seeded.now]
    const invested = new Map<string, number[]>()
    // Ids and addresses start over with the reset: a payment counts when its id holds its amount.
    const paid = new Map(view.payments.map((payment) => [payment.id, payment.amount]))
    for (const outcome of outcomes) {
      if (outcome.kind === 'create' && outcome.status === 200 && present.has(outcome.address!))
        this.#created.add(outcome.address!)
      else if (outcome.kind === 'pay')
        this.#pay(outcome.replies.filter((reply) => reply.id !== undefined && paid.get(reply.id) === reply.amount))
      else if (outcome.kind === 'invest' && outcome.status === 200)
        invested.set(outcome.address, [...(invested.get(outcome.address) ?? []), outcome.amount])
      else if (outcome.kind === 'clock') clocks.push(outcome.instant)
    }
    // Each token holds the investments in its address made after the reset (and after its create, if this round's).
    for (const { contractAddress, totalInvestmentAmount } of view.tokens) {
      const added = totalInvestmentAmount - this.#total(contractAddress)
      expect(subsetSums(invested.get(contractAddress) ?? []), contractAddress).toContain(added)
      if (added !== 0) this.#invested.set(contractAddress, added)
    }
    return clocks
  }

  #pay(replies: readonly { status: number; id?: number; amount: number }[]): void {
    for (const reply of replies) {
      expect(reply.status).toBe(200)
      expect(this.#payments.has(reply.id!), `payment id ${reply.id} handed out twice`).toBe(false)
      this.#payments.set(reply.id!, reply.amount)
    }
  }

  #addresses(): string[] {
    const seeded = this.seeded.tokens.map((token) => token.contractAddress)
    const kept = seeded.filter((address) => !(this.#deleted && address === this.deletable))
    return [...kept, ...this.#created].sort()
  }

  #total(address: string): number {
    const seeded = this.seeded.tokens.find((token) => token.contractAddress === address)?.totalInvestmentAmount ?? 0
    return seeded + (this.#invested.get(address) ?? 0)
  }
}

function statusesOf(outcome: Outcome): number[] {
  if (outcome.kind === 'pay') return outcome.replies.map((reply) => reply.status)
  return 'status' in outcome ? [outcome.status] : []
}

function subsetSums(values: readonly number[]): number[] {
  let sums = [0]
  for (const value of values) sums = sums.concat(sums.map((sum) => sum + value))
  return sums
}
