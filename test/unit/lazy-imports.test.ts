/**
 * What a test file or a browser page loads before its first answer (decision 0017): the modules
 * no first answer needs are loaded with `import()` (the OpenAPI document's builder) or only by the
 * runtimes that serve `/__sim` (the control routes' declarations and schemas), and faker only on
 * demand in the browser, with the factories; @msw/data on the first write and node:http through
 * `process.getBuiltinModule` (decision 0024). The static imports are walked from the sources of each entry, as a
 * bundler reads them; this fails, naming the chain, when one of them is imported statically again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

/** Loaded on demand, or only by the runtimes that serve the control routes. */
const LAZY = [
  'src/contract/openapi.ts',
  'src/contract/openapi-statuses.ts',
  'src/contract/control.ts',
  'src/contract/control-schemas.ts',
  'src/contract/control-journal-schemas.ts',
  'src/contract/control-dashboard.ts',
  'src/contract/control-dashboard-schemas.ts',
  'src/contract/control-record-replay-schemas.ts',
  'src/contract/control-authoring.ts',
  'src/record-replay/har-export.ts',
]

/**
 * Loaded on demand in a browser page, with the world generator (factories/factory-loader.ts): the
 * factories' code. The Node entries hand it over at import, as they do the generator.
 */
const LAZY_IN_BROWSER = [
  'src/factories/create-records.ts',
  'src/factories/loans.ts',
  'src/factories/payments.ts',
  'src/factories/security-tokens.ts',
  'src/factories/users.ts',
  'src/factories/record-batch.ts',
  'src/factories/world-with-records.ts',
]

/**
 * What a file imports before it runs, as a bundler reads it: `import … from` and `export … from`
 * that are not type-only (an `import()` is not a statement: it loads on demand). Relative
 * specifiers resolved to paths from the root, package ones as written.
 */
function staticImportsOf(file: string): string[] {
  let imports = staticImportsSeen.get(file)
  if (imports === undefined) staticImportsSeen.set(file, (imports = readStaticImports(file)))
  return imports
}
/** Each file is parsed once for all the walks. */
const staticImportsSeen = new Map<string, string[]>()

function readStaticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((statement) => {
    let specifier: ts.Expression | undefined
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      const bindings = clause?.namedBindings
      const typesOnly =
        clause?.isTypeOnly === true ||
        (clause?.name === undefined &&
          bindings !== undefined &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly))
      if (!typesOnly) specifier = statement.moduleSpecifier
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier
    if (specifier === undefined || !ts.isStringLiteral(specifier)) return []
    const text = specifier.text
    return [text.startsWith('.') ? relative(root, resolve(root, dirname(file), text)) : text]
  })
}

/** Each static import chain from `entry` to a module of `modules` (or a package's subpath), as `a -> b -> c`. */
function staticChains(entry: string, modules: readonly string[]): string[] {
  const from = new Map<string, string | null>([[entry, null]])
  for (const file of from.keys()) {
    if (!/\.tsx?$/.test(file)) continue // JSON, and packages: not walked
    for (const imported of staticImportsOf(file)) if (!from.has(imported)) from.set(imported, file)
  }
  const reached = [...from.keys()].filter((input) =>
    modules.some((module) => input === module || input.startsWith(`${module}/`)),
  )
  return reached.map((module) => {
    const chain: string[] = []
    for (let at: string | null | undefined = module; at != null; at = from.get(at)) chain.unshift(at)
    return chain.join(' -> ')
  })
}

describe('what an entry loads before its first answer', () => {
  it('names modules that exist (a renamed one would make the checks below pass by default)', () => {
    expect([...LAZY, ...LAZY_IN_BROWSER].filter((path) => !existsSync(join(root, path)))).toEqual([])
  })

  it.each(['src/runtimes/browser.ts', 'src/runtimes/node.ts'])(
    '%s imports neither the OpenAPI builder nor the control routes statically',
    (entry) => {
      expect(staticChains(entry, LAZY)).toEqual([])
    },
  )

  it('the browser entry imports the factories only on demand', () => {
    expect(staticChains('src/runtimes/browser.ts', LAZY_IN_BROWSER)).toEqual([])
  })

  it('the browser entry imports faker only on demand, and the walk reaches what it imports', () => {
    expect(staticChains('src/runtimes/browser.ts', ['@faker-js/faker'])).toEqual([])
    // The walk is not empty: the browser entry reaches msw, zod and the router statically.
    for (const module of ['msw/browser', 'zod/mini', 'src/pipeline/router.ts'])
      expect(staticChains('src/runtimes/browser.ts', [module]), module).toHaveLength(1)
  })

  it.each(['src/runtimes/browser.ts', 'src/runtimes/node.ts', 'src/runtimes/standalone/index.ts'])(
    '%s imports @msw/data only on the first write (decision 0024)',
    (entry) => {
      expect(staticChains(entry, ['@msw/data'])).toEqual([])
      // The walk reaches the table that imports it on demand.
      expect(staticChains(entry, ['src/model/layered-table.ts'])).toHaveLength(1)
    },
  )

  it('the standalone server takes node:http without an ES import of it (decision 0024)', () => {
    expect(staticChains('src/runtimes/standalone/index.ts', ['node:http'])).toEqual([])
    expect(staticChains('src/runtimes/standalone/index.ts', ['src/runtimes/standalone/node-http.ts'])).toHaveLength(1)
  })

  it('every source file takes zod from zod/mini (decision 0023)', () => {
    // One import of classic zod, even behind import(), bundles its methods and JSON Schema code into
    // the package's chunks, and on the entries' way into every page and test file.
    const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => `src/${file}`)
    const classic = sources.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/from\s+'(zod(?:\/[^']*)?)'|import\('(zod(?:\/[^']*)?)'\)/g)]
        .map((match) => match[1] ?? match[2])
        .filter((specifier) => specifier !== 'zod/mini')
        .map((specifier) => `${file} imports ${specifier}`),
    )
    expect(sources.length).toBeGreaterThan(100)
    expect(classic).toEqual([])
  })
})
