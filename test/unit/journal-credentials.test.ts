/**
 * Credentials outside `Authorization` (issue 45): a query parameter that carries one (`access_token`,
 * RFC 6750 §2.3, `api_key`…) and a JSON field named like one (`password`, `clientSecret`…) are
 * written `***` in the journal, and so in everything made from it (the HAR export, the live events,
 * recordings); the rest stays byte for byte, the API's own `…Token` fields included.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSecretName, maskedJsonSecrets, maskedQuery } from '../../src/domain/credentials.ts'
import { Journal } from '../../src/observability/journal.ts'
import { journalToHar } from '../../src/record-replay/har-export.ts'
import { journalInput } from '../support/journal-input.ts'
import { propertyRuns } from '../support/property-runs.ts'

const exchange = journalInput

describe('credentials outside Authorization', () => {
  it('are masked in the query, the request body and a forwarded answer, and nowhere in the HAR', () => {
    const journal = new Journal()
    journal.record(
      exchange({
        query: 'access_token=sk_query_1&tokenAddress=0xabc&API-KEY=sk_query_2&page=2',
        requestBody: '{"securityToken": "0xabc", "password":"sk_body_1", "nested": {"clientSecret" : "sk_body_2"}}',
        responseBody: '{"id_token":"sk_answer_1","debtToken":"0xdef"}',
        proxy: { url: 'http://service.test/securityToken', status: 200, drift: [] },
      }),
    )
    journal.record(exchange({ responseBody: '{"token":"the simulator’s own answer"}' }))
    const [forwarded, own] = journal.list()
    expect(forwarded!.query).toBe('access_token=***&tokenAddress=0xabc&API-KEY=***&page=2')
    expect(forwarded!.requestBody).toBe(
      '{"securityToken": "0xabc", "password":"***", "nested": {"clientSecret" : "***"}}',
    )
    expect(forwarded!.responseBody).toBe('{"id_token":"***","debtToken":"0xdef"}')
    expect(own!.responseBody).toBe('{"token":"the simulator’s own answer"}')
    const har = JSON.stringify(journalToHar(journal.list(), { baseUrl: 'http://127.0.0.1:4010/' }))
    expect(har).not.toMatch(/sk_(query|body|answer)_\d/)
  })

  it('leave every other member and parameter as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.webQueryParameters(), (value, query) => {
        const text = JSON.stringify(value)
        const masked = maskedJsonSecrets(text)!
        // Only string values of secret-named members change, and each to ***.
        const restored = JSON.parse(masked)
        const walk = (original: unknown, after: unknown): void => {
          if (Array.isArray(original)) {
            for (const [i, item] of original.entries()) walk(item, (after as unknown[])[i])
          } else if (original !== null && typeof original === 'object')
            for (const [name, member] of Object.entries(original)) {
              const next = (after as Record<string, unknown>)[name]
              if (isSecretName(name) && typeof member === 'string') expect(next).toBe('***')
              else walk(member, next)
            }
          else expect(after).toEqual(original)
        }
        walk(JSON.parse(text), restored)
        const maskedParameters = maskedQuery(query).split('&')
        query.split('&').forEach((pair, i) => {
          const name = pair.split('=')[0]!
          if (!pair.includes('=') || !isSecretName(decodeURIComponentSafe(name))) expect(maskedParameters[i]).toBe(pair)
          else expect(maskedParameters[i]).toBe(`${name}=***`)
        })
      }),
      { seed: 4507, numRuns: propertyRuns(300) },
    )
  })
})

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}
