// The README's in-process example (the ```ts block starting with `// api.test.ts`), written out for
// one test runner, so the README stays the single source of what CI runs under every runner:
//   node readme-example.mjs <README.md> <runner> <out file>
// vitest: the block as it is. jest-esm: the `vitest` import dropped (Jest's globals). jest-cjs: that,
// and each remaining `import { … } from '…'` turned into `const { … } = require('…')`. node-test:
// the hooks from node:test (`before`/`after` for `beforeAll`/`afterAll`), `expect` from the
// `expect` package (Jest's, published on its own). Jest and node:test here run it untranspiled, so
// for them its TypeScript (`import type`, annotations) is stripped by TypeScript's own transpiler
// (the repository's), after the import rewrites, which match the block as the README writes it.
// jest-config: the ```js block starting with `// jest.config.js` of docs/test-suites.md (beside the
// README), as it is. browser-start: the ```ts block starting with `// main.ts` of docs/browser.md
// (step 2, the worker started in an app), out of its list item's indentation.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'

const [readmePath, runner, outPath] = process.argv.slice(2)
const readme = readFileSync(readmePath, 'utf8')
if (runner === 'jest-config') {
  const guide = readFileSync(join(dirname(readmePath), 'docs', 'test-suites.md'), 'utf8')
  const config = /```js\n(\/\/ jest\.config\.js[\s\S]*?)```/.exec(guide)?.[1]
  if (config === undefined) fail('docs/test-suites.md has no ```js block starting with // jest.config.js')
  writeFileSync(outPath, config)
  process.exit(0)
}
if (runner === 'browser-start') {
  const guide = readFileSync(join(dirname(readmePath), 'docs', 'browser.md'), 'utf8')
  const found = /^( *)```ts\n(\1\/\/ main\.ts[\s\S]*?)^\1```/m.exec(guide)
  if (found === null) fail('docs/browser.md has no ```ts block starting with // main.ts')
  const [, indent, sample] = found
  writeFileSync(outPath, sample.replace(new RegExp(`^${indent}`, 'gm'), ''))
  process.exit(0)
}
const block = /```ts\n(\/\/ api\.test\.ts\n[\s\S]*?)```/.exec(readme)?.[1]
if (block === undefined) fail('README has no ```ts block starting with // api.test.ts')

const vitestImport = /^import \{([^}]*)\} from 'vitest'\n/m
const imported = vitestImport
  .exec(block)?.[1]
  .split(',')
  .map((name) => name.trim())
if (imported === undefined) fail("the README's example has no `import { … } from 'vitest'` line to rewrite")

/** node:test's names for vitest's hooks and test functions. */
const NODE_TEST_NAMES = {
  afterAll: 'after as afterAll',
  beforeAll: 'before as beforeAll',
  afterEach: 'afterEach',
  beforeEach: 'beforeEach',
  describe: 'describe',
  it: 'it',
  test: 'test',
}

const rewrite = {
  vitest: () => block,
  'jest-esm': () => block.replace(vitestImport, ''),
  'jest-cjs': () =>
    block.replace(vitestImport, '').replace(/^import (\{[^}]*\}) from ('[^']*')$/gm, 'const $1 = require($2)'),
  'node-test': () => {
    const hooks = imported.filter((name) => name !== 'expect')
    const unknown = hooks.filter((name) => !(name in NODE_TEST_NAMES))
    if (unknown.length > 0) fail(`no node:test counterpart for ${unknown.join(', ')}`)
    const lines = [`import { ${hooks.map((name) => NODE_TEST_NAMES[name]).join(', ')} } from 'node:test'`]
    if (imported.includes('expect')) lines.push("import { expect } from 'expect'")
    return block.replace(vitestImport, `${lines.join('\n')}\n`)
  },
}
if (!(runner in rewrite)) fail(`runner must be one of ${Object.keys(rewrite).join(', ')}, got ${runner}`)
const example = runner === 'vitest' ? rewrite.vitest() : stripTypes(rewrite[runner]())
if (runner !== 'vitest' && /^import .* from 'vitest'/m.test(example)) fail('a vitest import is left')
if (runner === 'jest-cjs' && /^import /m.test(example)) fail('an import is left in the CommonJS example')
writeFileSync(outPath, example)

/** The JavaScript of TypeScript source: types and `import type` lines gone, the rest as written. */
function stripTypes(source) {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true },
  })
  // The transpiler marks a file whose only import was `import type` as a module with `export {}`,
  // which would make the CommonJS example an ES module.
  return outputText.replace(/^export \{\};\n/m, '')
}

function fail(message) {
  console.error(`readme-example: ${message}`)
  process.exit(1)
}
