/** The committed docs/openapi.json is what the contract generates, and it covers every operation. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'
import { operations } from '../../src/contract/operations.ts'

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010' }) as {
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>
  }

  it('matches the committed docs/openapi.json (run npm run openapi after changing the contract)', () => {
    const committed = JSON.parse(readFileSync(join(import.meta.dirname, '../../docs/openapi.json'), 'utf8'))
    expect(committed).toEqual(document)
  })

  it('declares every operation with its success and error statuses', () => {
    const declared = Object.values(document.paths).flatMap((methods) => Object.values(methods))
    expect(declared.map((operation) => operation.operationId).sort()).toEqual(
      operations.map((operation) => operation.id).sort(),
    )
    for (const operation of declared) {
      expect(Object.keys(operation.responses)).toContain('200')
      expect(Object.keys(operation.responses)).toContain('401')
    }
  })
})
