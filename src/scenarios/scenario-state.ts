/**
 * One activated scenario: its rules' counters and the seeded source of its delays. `decide()` counts
 * the call for every rule that applies, then fires the first whose `fromCall`, `every` and `times`
 * allow it. Every applicable rule counts, not only up to the winner, so "the 2nd call" means the 2nd
 * call to the operation, whatever earlier rules did with the 1st.
 */

import { type CallFields, matchesFields } from './match-fields.ts'
import { ANY_OPERATION, type ScenarioRule } from './rule-schema.ts'
import type { Scenario } from './scenario-schema.ts'

interface RuleDecision {
  readonly ruleIndex: number
  readonly rule: ScenarioRule
  /** The delay to wait before the outcome, drawn already when the rule gives a range. */
  readonly delayMs: number
}

export interface RuleCounters {
  /** Calls the rule applied to. */
  readonly calls: number
  /** Calls it fired on. */
  readonly fired: number
}

export interface ScenarioState {
  readonly name: string
  readonly scenario: Scenario
  /** Counts the call and returns the rule that fires, or null for normal behaviour. */
  decide(operationId: string, call: CallFields): Promise<RuleDecision | null>
  counters(): RuleCounters[]
}

/** A small seeded PRNG (mulberry32): delays replay identically run after run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function nameSeed(name: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

function allows(rule: ScenarioRule, nth: number, fired: number): boolean {
  if (rule.fromCall !== undefined && nth < rule.fromCall) return false
  if (rule.every !== undefined && nth % rule.every !== 0) return false
  if (rule.times !== undefined && fired >= rule.times) return false
  return true
}

/** @param carried counters of the scenario's first rules to start from (`ScenarioActivation.addRule`). */
export function createScenarioState(
  name: string,
  scenario: Scenario,
  seed: number,
  carried: readonly RuleCounters[] = [],
): ScenarioState {
  const calls = scenario.rules.map((_, i) => carried[i]?.calls ?? 0)
  const fired = scenario.rules.map((_, i) => carried[i]?.fired ?? 0)
  const random = seededRandom(seed ^ nameSeed(name))

  return {
    name,
    scenario,
    async decide(operationId, call) {
      const applicable: boolean[] = []
      for (const rule of scenario.rules) {
        const forOperation = rule.operation === ANY_OPERATION || rule.operation === operationId
        applicable.push(forOperation && (await matchesFields(rule.match, call)))
      }
      // Counting and choosing happen with no await in between, so concurrent calls count one by one.
      let decision: RuleDecision | null = null
      scenario.rules.forEach((rule, i) => {
        if (!applicable[i]) return
        const nth = ++calls[i]!
        if (decision !== null || !allows(rule, nth, fired[i]!)) return
        fired[i]!++
        decision = { ruleIndex: i, rule, delayMs: drawDelay(rule.delayMs, random) }
      })
      return decision
    },
    counters: () => calls.map((count, i) => ({ calls: count, fired: fired[i]! })),
  }
}

function drawDelay(delay: ScenarioRule['delayMs'], random: () => number): number {
  if (delay === undefined) return 0
  if (typeof delay === 'number') return delay
  return delay.min + Math.floor(random() * (delay.max - delay.min + 1))
}
