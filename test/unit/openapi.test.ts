/**
 * The committed docs/openapi.json is what the contract generates, and it covers every operation
 * (under its group's tag, behind the Bearer token) and every control route (under `control`, with
 * no token, its request and response schemas).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { controlRoutes } from '../../src/contract/control.ts'
import { DEBT_TOKEN_STATUS_CODES } from '../../src/contract/debt-tokens.ts'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'
import { operations } from '../../src/contract/operations.ts'
import { DebtTokenStatus } from '../../src/domain/debt-token-status.ts'
import { ScenarioRule } from '../../src/scenarios/rule-schema.ts'

interface DocumentedOperation {
  operationId: string
  description?: string
  tags: string[]
  security?: unknown[]
  parameters?: { name: string; in: string }[]
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010' }) as {
    info: { license?: { name: string; identifier?: string }; contact?: { name?: string }; description?: string }
    tags: { name: string; description?: string }[]
    paths: Record<string, Record<string, DocumentedOperation>>
    components: { schemas: Record<string, any> }
  }
  const declared = Object.values(document.paths).flatMap((methods) => Object.values(methods))
  const byId = new Map(declared.map((operation) => [operation.operationId, operation]))

  it('matches the committed docs/openapi.json (run npm run openapi after changing the contract)', () => {
    const committed = JSON.parse(readFileSync(join(import.meta.dirname, '../../docs/openapi.json'), 'utf8'))
    expect(committed).toEqual(document)
  })

  it('declares every operation and every control route, and nothing else', () => {
    expect(declared.map((operation) => operation.operationId).sort()).toEqual(
      [...operations, ...controlRoutes].map((route) => route.id).sort(),
    )
  })

  it('declares every operation under its group, behind the Bearer token, with its success and error statuses', () => {
    for (const operation of operations) {
      const documented = byId.get(operation.id)!
      expect(Object.values(document.paths).some((item) => item[operation.method.toLowerCase()] === documented)).toBe(
        true,
      )
      expect(documented.tags).toEqual([operation.group])
      expect(documented.security).toBeUndefined() // the document's own: Bearer
      expect(Object.keys(documented.responses)).toContain('200')
      expect(Object.keys(documented.responses)).toContain('401')
    }
  })

  it('declares every control route under the control tag, without a token, with its schemas', () => {
    const tag = document.tags.find((candidate) => candidate.name === 'control')
    expect(tag?.description).toMatch(/need no Bearer token/)
    expect(tag?.description).toMatch(/--control-origin/)
    for (const route of controlRoutes) {
      const documented = document.paths[route.path]![route.method.toLowerCase()]!
      expect(documented.operationId, route.path).toBe(route.id) // control paths are the contract's own
      expect(documented.tags).toEqual(['control'])
      expect(documented.security).toEqual([])
      const media = 'produces' in route ? route.produces : 'application/json'
      expect(documented.responses['200']?.content?.[media]?.schema, route.id).toBeDefined()
      expect(Object.keys(documented.responses)).not.toContain('401')
      expect(Object.keys(documented.responses)).toContain('403')
      if (route.method === 'POST' || route.method === 'PUT') expect(Object.keys(documented.responses)).toContain('415')
      expect(documented.requestBody !== undefined, route.id).toBe('body' in route)
      const parameters = (documented.parameters ?? []).map((parameter) => `${parameter.in} ${parameter.name}`)
      if ('query' in route) expect(parameters.some((parameter) => parameter.startsWith('query '))).toBe(true)
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) expect(parameters).toContain(`path ${name}`)
      expect(parameters.includes('header X-Sim-Session'), route.id).toBe('session' in route && route.session)
    }
    expect(byId.get('setClock')?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/SimSetClock',
    })
  })

  it('tags the groups in table order, the control routes last', () => {
    expect(document.tags.map((tag) => tag.name)).toEqual([
      ...new Set(operations.map((operation) => operation.group)),
      'control',
    ])
  })

  it('names its license (as package.json does) and a contact, and describes every tag and operation', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'))
    expect(document.info.license).toEqual({ name: pkg.license, identifier: pkg.license })
    expect(document.info.contact?.name).toBeTruthy()
    for (const tag of document.tags) expect(tag.description, tag.name).toBeTruthy()
    for (const operation of declared) {
      expect(operation.description, operation.operationId).toBeTruthy()
      for (const tag of operation.tags) expect(document.tags.map((t) => t.name)).toContain(tag)
    }
  })

  it('has no two paths that differ only in parameter names: such pairs share one path item', () => {
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{\w+\}/g, '{}'))
    expect(new Set(shapes).size).toBe(shapes.length)
    const item = document.paths['/manager/{address}/{tokenAddressOrId}']!
    expect(Object.keys(item).sort()).toEqual(['get', 'put'])
    expect(item.get!.operationId).toBe('listManagerPayments')
    expect(item.put!.operationId).toBe('updateManagerPayment')
    expect(document.paths['/investor/{address}/{tokenAddressOrId}']).toBeDefined()
  })

  it('gives the debt-token status codes the domain derives, each with its meaning', () => {
    expect(DEBT_TOKEN_STATUS_CODES.map(({ name, code }) => [name, code])).toEqual(Object.entries(DebtTokenStatus))
    const status = document.components.schemas.DebtToken.properties.status
    expect(status.enum).toEqual(Object.values(DebtTokenStatus))
    for (const { code, name } of DEBT_TOKEN_STATUS_CODES) expect(status.description).toContain(`${code} ${name}`)
    expect(status['x-enum-descriptions']).toEqual(DEBT_TOKEN_STATUS_CODES.map((code) => code.meaning))
  })

  it('states that series and serie must agree, in words and in JSON Schema', () => {
    for (const name of ['ManagerPaymentInput', 'InvestorPaymentInput']) {
      const schema = document.components.schemas[name]
      expect(schema.description).toMatch(/`series` and `serie`.*different values is refused/)
      expect(schema.if.required.sort()).toEqual(['serie', 'series'])
      expect(schema.then.anyOf).toHaveLength(3)
    }
  })

  it('says which statuses a scenario rule may answer, and which 5xx answers without one', () => {
    const rule = (status: number) =>
      ScenarioRule.safeParse({ operation: 'getUser', respond: { status, message: 'down' } }).success
    expect([400, 418, 502, 599].map(rule)).toEqual([true, true, true, true])
    expect([399, 600].map(rule)).toEqual([false, false])
    expect(document.info.description).toContain('may also answer any 4xx or 5xx (400 to 599)')
    // The capacity's 507 is declared by every POST of the API, scenario or not.
    const posts = Object.values(document.paths).flatMap((item) =>
      item.post === undefined || item.post.tags.includes('control') ? [] : [item.post],
    )
    expect(posts.length).toBeGreaterThan(0)
    for (const post of posts) expect(Object.keys(post.responses), post.operationId).toContain('507')
    expect(document.info.description).toContain('Outside scenarios the only 5xx is the 507 of a full world')
  })
})
