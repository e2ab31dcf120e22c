/** `npm run openapi [-- file]`: writes the OpenAPI 3.1 document (default docs/openapi.json) through the CLI's own command. */

import { consoleOutput } from '../src/command/command.ts'
import { openapiCommand } from '../src/runtimes/cli/openapi-command.ts'

process.exitCode = openapiCommand(['--out', process.argv[2] ?? 'docs/openapi.json'], consoleOutput)
