/** The committed docs/api.md is what the contract generates, and it documents every operation. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderApiMarkdown } from '../../src/contract/api-markdown.ts'
import { operations } from '../../src/contract/operations.ts'

describe('API reference (docs/api.md)', () => {
  const committed = readFileSync(join(import.meta.dirname, '../../docs/api.md'), 'utf8').replaceAll('\r\n', '\n')

  it('matches what the contract generates (run npm run api-docs after changing the contract)', () => {
    expect(committed).toBe(renderApiMarkdown())
  })

  it('documents every operation of the table under its id, with its method and path', () => {
    const sections = new Map(
      committed
        .split('\n### ')
        .slice(1)
        .map((section) => [section.slice(0, section.indexOf('\n')), section]),
    )
    for (const operation of operations) {
      const section = sections.get(operation.id)
      expect(section, operation.id).toBeDefined()
      expect(section, operation.id).toContain(`\`${operation.method} ${operation.path}\``)
    }
    expect([...sections.keys()].sort()).toEqual(operations.map((operation) => operation.id).sort())
  })

  it('links nowhere outside the repository', () => {
    expect(committed).not.toMatch(/[a-z][a-z0-9+.-]*:\/\//i)
  })
})
