/**
 * `npm start` / `debt-token-simulator`: parses the command line, starts the standalone server and
 * shuts it down cleanly on SIGINT or SIGTERM.
 */
import { parseArgs } from './args.ts'
import { startStandaloneServer } from '../standalone/server.ts'
import { loadFixtureDirectory } from '../../model/load-fixture-directory.ts'

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseArgs(argv, process.env)
  if (parsed.kind === 'help') {
    console.log(parsed.text)
    return
  }
  if (parsed.kind === 'error') {
    console.error(`debt-token-simulator: ${parsed.message}\nRun with --help for the options.`)
    process.exitCode = 2
    return
  }
  const { options } = parsed
  const fixtures = options.fixtures === undefined ? undefined : loadFixtureDirectory(options.fixtures)
  const server = await startStandaloneServer({
    port: options.port,
    host: options.host,
    seed: options.seed,
    now: options.now,
    engine: options.engine,
    ...(options.size !== undefined && { size: options.size }),
    ...(fixtures !== undefined && { fixtures }),
  })
  console.log(`debt-token-simulator listening on ${server.url} (engine ${options.engine})`)
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    console.log(`debt-token-simulator: ${signal}, shutting down`)
    void server.close().then(() => process.exit(0))
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`debt-token-simulator: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
