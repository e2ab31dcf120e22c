/** `npm run openapi [-- file]`: writes the OpenAPI 3.1 document (default docs/openapi.json). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { buildOpenApiDocument } from '../src/contract/openapi.ts'

const target = resolve(process.argv[2] ?? 'docs/openapi.json')
mkdirSync(dirname(target), { recursive: true })
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010' }), null, 2)}\n`)
console.log(`wrote ${target}`)
