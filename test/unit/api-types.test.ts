/**
 * The committed src/contract/api-types.ts (the plain `paths` and `components` types users import)
 * is what `npm run api-types` generates from the current contract, and every schema of the document
 * has a named type at the package root. The generator itself does not run here: the file's first
 * line records the hash of the document it was generated from, and any change to the document
 * (a field, a description) changes the hash.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_TYPES_FILE, documentStamp } from '../../scripts/api-types/document-stamp.ts'
import { buildOpenApiDocument } from '../../src/contract/openapi.ts'

const root = join(import.meta.dirname, '../..')

describe('plain API types (src/contract/api-types.ts)', () => {
  it('were generated from the current OpenAPI document (run npm run api-types after changing the contract)', () => {
    const committed = readFileSync(join(root, API_TYPES_FILE), 'utf8')
    expect(committed.slice(0, committed.indexOf('\n'))).toBe(documentStamp())
  })

  it('name every schema of the document at the package root, the error body as ErrorBody, a record without its Record suffix', () => {
    const schemas = Object.keys((buildOpenApiDocument().components as { schemas: object }).schemas)
    const aliases = readFileSync(join(root, 'src/contract/plain-types.ts'), 'utf8')
    const named = [...aliases.matchAll(/^export type (\w+) = Schemas\['(\w+)'\]$/gm)]
    // A record as read keeps its short name at the root (User for UserRecord): see plain-types.ts.
    expect(named.filter(([, alias, schema]) => alias !== schema && `${alias}Record` !== schema)).toEqual([])
    expect(named.map(([, , schema]) => schema).sort()).toEqual(schemas.filter((name) => name !== 'Error').sort())
    const index = readFileSync(join(root, 'src/index.ts'), 'utf8')
    expect(index).toContain("export type * from './contract/plain-types.ts'")
    expect(index).toContain("export type { components, paths } from './contract/api-types.ts'")
  })
})
