/**
 * node-msw-http.ts for the ES build (tsdown.config.ts puts this module in its place): msw's `http`
 * required from msw's own `http` module, `msw/http` (msw 3) or `msw/core/http` (msw 2), not from
 * its main entry, which under msw 2 loads GraphQL with it: the largest part of a fresh process's
 * import that the simulator never uses. Node ≥ 22.12 requires an ES module synchronously, and in
 * Node's own context the required module is the one `msw/node` imports.
 *
 * Inside a vm sandbox (vitest's vm pools, Jest's ES module runtime) the require is Node's own, reached
 * through Node's own `process`: Jest's would load msw's CommonJS build, which requires ES-module-only
 * packages, into Jest's registry. It loads another copy of msw's `http` module, in Node's context,
 * beside the sandbox's msw; msw 2 and 3 tell handlers apart by a property they carry (`__kind`,
 * `kind`), not by class, so the sandbox's `setupServer` runs the handler as its own.
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

/**
 * Where msw is looked for from: this file (in the installed package), then the working directory,
 * for an app whose bundler put this file where no node_modules is above it.
 */
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
