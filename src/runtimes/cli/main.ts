/** The CLI's entry when its modules are evaluated: run through tsx from the sources, and the ESM bundle dist/cli.mjs. */
import { runCli } from './cli.ts'

runCli(process.argv.slice(2), 'modules')
