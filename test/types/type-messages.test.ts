/**
 * What the compiler tells a user who gets a factory call wrong: public-types.test.ts proves such
 * calls fail to compile; this file reads the compiler's words, so a derived field says it is derived
 * and what to give instead, not "Type 'number' is not assignable to type 'undefined'".
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const probe = `${root}test/types/__type-message-probe.ts`
const source = `import { createSimulator } from '../../src/index.ts'
const simulator = createSimulator()
void simulator.create.debtTokens({ status: 1 })
void simulator.create.securityTokens({ vaultAddresses: [] })
`

/** The messages tsc gives for `source`, compiled under the project's own options. */
function compilerMessages(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  })
  const options = { ...config!.options, noEmit: true }
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile.bind(host)
  host.readFile = (file) => (file === probe ? source : readFile(file))
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (file) => file === probe || fileExists(file)
  const program = ts.createProgram([probe], options, host)
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

it('names a derived override as derived, with what to give instead', () => {
  const messages = compilerMessages()
  expect(messages).toEqual([
    `Type 'number' is not assignable to type 'DerivedField<"from the signatures, the parcels and the clock; ask for a state">'.`,
    expect.stringContaining(`DerivedField<"the series' vaults, in order: give series[i].vault">`),
  ])
}, 60_000)
