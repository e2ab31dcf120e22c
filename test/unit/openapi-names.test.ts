/**
 * No operation id is a generator's name for a schema helper: Kubb names a schema's mock
 * `create<Schema>` (and others `get…`, `use…`), so an operation id `createManagerPayment` beside a
 * schema `ManagerPayment` gave its generated barrel two exports of one name. Operation ids are
 * public API (generated clients call them), so the schemas are the ones named apart.
 */
import { describe, expect, it } from 'vitest'
import { document, documentedOperations } from '../support/openapi-document.ts'

/** The prefixes client and mock generators put before a schema's name (Kubb, orval, hey-api). */
const GENERATED_PREFIXES = ['create', 'get', 'list', 'update', 'delete', 'set', 'use', 'fetch', 'mock']

describe('operation ids and schema names', () => {
  it('never meet: no operation id is a generated prefix + a component schema name', () => {
    const generated = new Set(
      Object.keys(document.components.schemas).flatMap((name) => GENERATED_PREFIXES.map((prefix) => prefix + name)),
    )
    const clashes = documentedOperations.map((operation) => operation.operationId).filter((id) => generated.has(id))
    expect(clashes).toEqual([])
  })

  it('would catch the clash the document had (createManagerPayment beside ManagerPayment)', () => {
    const ids = documentedOperations.map((operation) => operation.operationId)
    expect(ids).toContain('createManagerPayment')
    expect(ids).toContain('getUser')
    expect(Object.keys(document.components.schemas)).toContain('ManagerPaymentRecord')
    expect(Object.keys(document.components.schemas)).not.toContain('ManagerPayment')
  })
})
