/** A journal input for the journal's own tests: a `POST /securityToken` answered 200, changed by `overrides`. */
import type { JournalInput } from '../../src/observability/journal.ts'

export const journalInput = (overrides: Partial<JournalInput> = {}): JournalInput => ({
  atMs: 0,
  method: 'POST',
  path: '/securityToken',
  query: '',
  operation: 'createSecurityToken',
  status: 200,
  durationMs: 1,
  scenario: null,
  session: null,
  caller: null,
  requestHeaders: {},
  responseHeaders: {},
  requestBody: null,
  responseBody: null,
  ...overrides,
})
