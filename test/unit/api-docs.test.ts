/** The committed docs/api.md is what the contract generates, and it documents every operation and control route. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderApiMarkdown } from '../../scripts/api-markdown/api-markdown.ts'
import { controlRoutes } from '../../src/contract/control.ts'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'
import { operations } from '../../src/contract/operations.ts'

describe('API reference (docs/api.md)', () => {
  const committed = readFileSync(join(import.meta.dirname, '../../docs/api.md'), 'utf8').replaceAll('\r\n', '\n')

  it('matches what the contract generates (run npm run api-docs after changing the contract)', () => {
    expect(committed).toBe(renderApiMarkdown())
  })

  const sections = new Map(
    committed
      .split('\n### ')
      .slice(1)
      .map((section) => [section.slice(0, section.indexOf('\n')), section]),
  )

  it('documents every operation and control route under its id, with its method and path', () => {
    const routes = [...operations, ...controlRoutes]
    for (const route of routes) {
      const section = sections.get(route.id)
      expect(section, route.id).toBeDefined()
      expect(section, route.id).toContain(`\`${route.method} ${route.path}\``)
    }
    expect([...sections.keys()].sort()).toEqual(routes.map((route) => route.id).sort())
  })

  it('names every path and path parameter as the OpenAPI document and its generated `paths` do', () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>>
    }
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const section = sections.get(operation.operationId)!
        // The section's first line after its heading is the route, as the document writes it.
        expect(section.split('\n')[2], operation.operationId).toBe(`\`${method.toUpperCase()} ${path}\``)
        const named = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')
        const table = section.includes('**Path parameters**')
          ? section.slice(section.indexOf('**Path parameters**')).split('\n\n')[1]!
          : ''
        const rows = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1])
        expect(rows, operation.operationId).toEqual(named.map((parameter) => parameter.name))
      }
    }
    expect(sections.get('updateManagerPayment')).toContain('| `tokenAddressOrId` | string | yes |')
  })

  it('puts the control routes in a section of their own, needing no token', () => {
    const control = committed.slice(committed.indexOf('\n## Control API\n'))
    expect(control).toMatch(/need no Bearer token/)
    for (const route of controlRoutes) {
      expect(control, route.id).toContain(`\n### ${route.id}\n`)
      expect(sections.get(route.id), route.id).toContain('- **Auth**: none')
    }
    expect(sections.get('setClock')).toContain('**Request body** (`application/json`, required): `SimSetClock` object')
    expect(sections.get('resetSimulator')).toContain('| `X-Sim-Session` | string | no |')
  })

  it('links nowhere outside the repository', () => {
    expect(committed).not.toMatch(/[a-z][a-z0-9+.-]*:\/\//i)
  })
})
