/**
 * node-msw-http.ts for the ES build (tsdown.config.ts puts it in place): msw's `http` required from
 * msw's own `http` module, not its main entry, which under msw 2 loads GraphQL with it (decision 0026).
 * Inside a vm sandbox the require is Node's own (Jest's would load msw's CommonJS build): the copy it
 * loads still serves the sandbox's `setupServer`, as msw tells handlers apart by a property, not a class.
 */
import { type MswHttp, provideMswHttp } from './msw-http.ts'

/** Node's own `process` (inside a vm sandbox, not the sandbox's). */
const nodeProcess = process.getBuiltinModule('node:vm').runInThisContext('process') as NodeJS.Process
const { createRequire } = nodeProcess.getBuiltinModule('node:module')

/** What Node's require says of a subpath msw does not export, and of an msw that is not there. */
const MISSING = new Set(['ERR_PACKAGE_PATH_NOT_EXPORTED', 'MODULE_NOT_FOUND'])

function isMissing(error: unknown): boolean {
  return MISSING.has((error as { code?: unknown } | null)?.code as string)
}

/** Where msw is looked for: from here, then from the working directory (for a bundled copy of this file). */
function lookupBases(): string[] {
  return [import.meta.url, `${nodeProcess.cwd()}/`]
}

function requireMswHttp(): MswHttp {
  for (const base of lookupBases()) {
    // Not named `require`: a bundler would take a call of that name for one to resolve at build time.
    const loadFrom = createRequire(base)
    for (const specifier of ['msw/http', 'msw/core/http']) {
      try {
        return (loadFrom(specifier) as { http: MswHttp }).http
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    }
  }
  throw new Error(
    `debt-token-simulator needs msw ^2.15 or ^3 installed beside it: neither msw/http nor msw/core/http was found from ${lookupBases().join(' or ')}`,
  )
}

provideMswHttp(requireMswHttp())
