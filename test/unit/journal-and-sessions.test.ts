import { describe, expect, it } from 'vitest'
import type { OperationId } from '../../src/contract/operations.ts'
import { ApiError } from '../../src/http/api-error.ts'
import { Journal } from '../../src/observability/journal.ts'
import { SessionRegistry } from '../../src/sessions/session-registry.ts'

const entry = (operation: string, status: number, session: string | null = null) => ({
  atMs: Date.parse('2026-01-01T00:00:00.000Z'),
  method: 'GET',
  path: '/x',
  query: '',
  // Made-up ids (op0, op1…): the ring buffer does not look at them.
  operation: operation as OperationId,
  status,
  durationMs: 1,
  scenario: null,
  session,
  caller: null,
  requestHeaders: { authorization: 'Bearer t' },
  responseHeaders: { 'content-type': 'application/json' },
  requestBody: null,
  responseBody: 'y'.repeat(5000),
})

describe('journal', () => {
  it('keeps the newest entries up to its capacity, oldest first', () => {
    const journal = new Journal(3)
    for (let i = 0; i < 5; i++) journal.record(entry(`op${i}`, 200))
    expect(journal.list().map((e) => e.operation)).toEqual(['op2', 'op3', 'op4'])
    expect(journal.list().map((e) => e.seq)).toEqual([3, 4, 5])
    expect(journal.total).toBe(5)
    expect(journal.list()[0]!.responseBody!.length).toBeLessThan(4200)
  })
  it('shows the time as ISO 8601 and cuts a long body the same way each time it is recorded', () => {
    const journal = new Journal(4)
    const long = 'z'.repeat(10_000)
    journal.record({ ...entry('a', 200), responseBody: long })
    journal.record({ ...entry('b', 200), responseBody: long })
    journal.record({ ...entry('c', 200), responseBody: 'short' })
    const [first, second, third] = journal.list()
    expect(first!.at).toBe('2026-01-01T00:00:00.000Z')
    expect(first!.responseBody).toBe(`${'z'.repeat(4096)}…[5904 more]`)
    expect(second!.responseBody).toBe(first!.responseBody)
    expect(third!.responseBody).toBe('short')
    expect(Object.keys(first!)).toEqual([
      'seq',
      'at',
      'method',
      'path',
      'query',
      'operation',
      'status',
      'durationMs',
      'scenario',
      'session',
      'caller',
      'requestHeaders',
      'responseHeaders',
      'requestBody',
      'responseBody',
    ])
  })
  it('numbers at most 10,000 distinct credentials, then shows further ones as ***?, never as sent', () => {
    const journal = new Journal(2)
    const masked = (authorization: string) => {
      journal.record({ ...entry('a', 200), requestHeaders: { authorization } })
      return journal.list().at(-1)!.requestHeaders.authorization
    }
    for (let i = 1; i <= 10_000; i++) expect(masked(`Bearer token-${i}`)).toBe(`Bearer ***${i}`)
    expect(masked('Bearer token-10001')).toBe('Bearer ***?')
    expect(masked('Basic token-10002')).toBe('Basic ***?')
    expect(masked('Bearer token-7')).toBe('Bearer ***7')
  })

  it('filters by operation, status and session, and limits to the newest', () => {
    const journal = new Journal(10)
    journal.record(entry('getUser', 200, 's1'))
    journal.record(entry('listSecurityTokens', 400))
    journal.record(entry('getUser', 400, 's1'))
    journal.record(entry('getUser', 200))
    expect(journal.list({ operation: 'getUser' })).toHaveLength(3)
    expect(journal.list({ operation: 'getUser', status: 400 }).map((e) => e.seq)).toEqual([3])
    expect(journal.list({ session: 's1' })).toHaveLength(2)
    expect(journal.list({ limit: 2 }).map((e) => e.seq)).toEqual([3, 4])
    // @ts-expect-error: an operation id that does not exist does not compile (it would match nothing).
    expect(journal.list({ operation: 'listSecurityToken' })).toEqual([])
    journal.clear()
    expect(journal.list()).toEqual([])
  })
})

describe('session registry', () => {
  it('creates a state per id once, expires idle ones and caps their number', () => {
    let now = 0
    let created = 0
    const registry = new SessionRegistry((id) => ({ id, n: ++created }), { limit: 2, idleMs: 1000, now: () => now })
    expect(registry.get('a')).toEqual({ id: 'a', n: 1 })
    expect(registry.get('a')).toEqual({ id: 'a', n: 1 })
    registry.get('b')
    expect(() => registry.get('c')).toThrow(ApiError)
    try {
      registry.get('c')
    } catch (error) {
      expect((error as ApiError).status).toBe(429)
      expect((error as ApiError).message).toMatch(/session limit reached \(2 sessions\)/)
    }
    now = 800
    registry.get('a')
    now = 1500 // b idle for 1500 ms > 1000: expired; a used at 800: kept
    expect(registry.list().map((s) => s.id)).toEqual(['a'])
    expect(registry.get('c')).toEqual({ id: 'c', n: 3 })
    expect(() => registry.get('bad id!')).toThrow(/X-Sim-Session/)
    expect(registry.delete('a')).toBe(true)
    expect(registry.size).toBe(1)
  })
})
