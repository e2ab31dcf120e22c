/** `npm run api-docs [-- file]`: writes the API reference generated from the contract (default docs/api.md). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { renderApiMarkdown } from './api-markdown/api-markdown.ts'

const target = resolve(process.argv[2] ?? 'docs/api.md')
mkdirSync(dirname(target), { recursive: true })
writeFileSync(target, renderApiMarkdown())
console.log(`wrote ${target}`)
