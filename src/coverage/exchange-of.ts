/**
 * What the coverage report takes of a journal entry; for a 400 the request fields its message names
 * (the pipeline's messages start each issue with the field).
 */
import type { JournalEntry } from '../observability/journal.ts'
import type { CoverageExchange } from './coverage-tally.ts'

/** A 400 the simulator answers for its own headers, not for the service's input. */
const SIMULATOR_HEADER = /\bX-Sim-(Session|Scenario)\b/

const FIELD = /^(body(?:\.[^\s.:[\]]+|\[\d+\])*|(?:path|query) parameter [^\s:]+)[\s:]/

/** The request fields a 400's message names, each once, in the order named. */
export function fieldsNamedBy(message: string): string[] {
  const fields = new Set<string>()
  for (const issue of message.split('; ')) {
    const field = FIELD.exec(issue)?.[1]
    if (field !== undefined) fields.add(field)
  }
  return [...fields]
}

function messageOf(body: string | null): string | null {
  if (body === null) return null
  try {
    const parsed: unknown = JSON.parse(body)
    const message = (parsed as { message?: unknown } | null)?.message
    return typeof message === 'string' ? message : null
  } catch {
    return null // a body cut by the journal, or not JSON
  }
}

/** The exchange of a journal entry; `rule` is the scenario rule that answered it, when known. */
export function exchangeOf(
  entry: Pick<JournalEntry, 'operation' | 'status' | 'scenario' | 'responseBody'>,
  rule: unknown = null,
): CoverageExchange {
  const message = entry.status === 400 ? messageOf(entry.responseBody) : null
  return {
    operation: entry.operation,
    status: entry.status,
    scenario: entry.scenario,
    rule,
    fields: message === null ? [] : fieldsNamedBy(message),
    own: message !== null && SIMULATOR_HEADER.test(message),
  }
}
