/**
 * Runs last in the behaviour suite: every reply the suite received must match the OpenAPI document
 * generated from the contract, for its operation and status, formats included.
 */
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'
import { matchRoute } from '../../src/pipeline/router.ts'
import { documentAjv } from '../support/openapi-document.ts'
import type { TargetRef } from './run-conformance.ts'

export function openApiCases(target: TargetRef) {
  describe('OpenAPI document', () => {
    it('describes every reply the behaviour suite received', () => {
      const document = buildOpenApiDocument() as {
        paths: Record<string, Record<string, any>>
        components: { schemas: Record<string, unknown> }
      }
      // With the document's formats (date, date-time, uuid, email) checked: a bare ajv knows none
      // and ignores them, which once hid formats no reply was checked against.
      const ajv = documentAjv()
      const exchanges = target().exchanges
      const validators = new Map<string, ReturnType<typeof ajv.compile>>()
      expect(exchanges.length).toBeGreaterThan(300)
      let checked = 0
      for (const exchange of exchanges) {
        const match = matchRoute(exchange.method, exchange.path.split('?')[0]!)
        if (match.kind !== 'operation') continue
        const declared = Object.values(document.paths)
          .flatMap((item) => Object.values(item))
          .find((operation) => operation.operationId === match.operation.id)
        const response = declared.responses[String(exchange.status)]
        expect(
          response,
          `${match.operation.id} answered ${exchange.status}, which the document does not declare`,
        ).toBeDefined()
        expect(exchange.contentType).toMatch(/^application\/json/)
        const key = `${match.operation.id} ${exchange.status}`
        let validate = validators.get(key)
        if (validate === undefined) {
          const schema = JSON.parse(
            JSON.stringify(response.content['application/json'].schema).replaceAll(
              '"#/components/',
              '"openapi#/components/',
            ),
          )
          validate = ajv.compile(schema) // once per operation and status: compiling is what costs
          validators.set(key, validate)
        }
        const valid = validate(exchange.json)
        expect(
          valid,
          `${exchange.method} ${exchange.path} → ${exchange.status}: ${ajv.errorsText(validate.errors)}`,
        ).toBe(true)
        checked++
      }
      expect(checked).toBeGreaterThan(300)
    })
  })
}
