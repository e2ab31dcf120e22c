/**
 * The document uses only formats that validators and generators know (JSON Schema 2020-12's and
 * OpenAPI's registry): zod's own words (`starts_with` from `.startsWith()`) are not formats, and a
 * tool either ignores them or, strict, refuses the document. What such a word meant goes into a
 * `pattern` or the description instead.
 */
import { describe, expect, it } from 'vitest'
import { document } from '../support/openapi-document.ts'

const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'byte',
  'binary',
])

/** Every `format` in the document, with where it is. */
function formats(node: unknown, at = '#'): [string, string][] {
  if (node === null || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === 'format' && typeof value === 'string' ? [[at, value] as [string, string]] : []),
    ...formats(value, `${at}/${key}`),
  ])
}

describe('formats in the OpenAPI document', () => {
  it('are standard ones only', () => {
    const found = formats(document)
    expect(found.length).toBeGreaterThan(10)
    expect(found.filter(([, format]) => !STANDARD_FORMATS.has(format))).toEqual([])
  })

  it('leave "starts with /" to a pattern', () => {
    const path = (document.components.schemas.SimBuildScenarioFile as any).oneOf[0].properties.exchanges.items
      .properties.path
    expect(path).toMatchObject({ type: 'string', pattern: '^\\/' })
  })
})
