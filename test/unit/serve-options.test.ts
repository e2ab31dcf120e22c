/**
 * `serve`'s options are declared once (SERVE_OPTIONS in src/runtimes/cli/serve-options.ts): the
 * parser, the help and docs/development.md's table of options → tests read the same list, so an
 * option added without its help line, its environment variable or its row in the table fails here.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { HELP, SERVE_OPTIONS } from '../../src/runtimes/cli/serve-options.ts'

const development = readFileSync(new URL('../../docs/development.md', import.meta.url), 'utf8')
/** The first cell of each row of the table under "The command's options". */
const tableRows = development
  .slice(development.indexOf("## The command's options"))
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split('|')[1]!)

/** A value each option accepts, to see its environment variable read. */
const SAMPLES: Readonly<Record<string, string>> = {
  port: '4011',
  host: '::1',
  seed: '7',
  now: '2026-01-01T00:00:00.000Z',
  size: '5',
  scenario: 'expired-credentials',
  scenarios: 'more-scenarios',
  persist: 'state',
  'control-origin': 'https://qa.example.com',
  proxy: 'http://127.0.0.1:9/',
  token: 'secret',
}
/** The other flags an option needs (a token goes with a proxy). */
const NEEDS: Readonly<Record<string, readonly string[]>> = { token: ['--proxy=http://127.0.0.1:9/'] }

describe("serve's options, declared once", () => {
  it.each(SERVE_OPTIONS.map((option) => [option.name, option] as const))('--%s has its help line', (name, option) => {
    const flag = `${option.short === undefined ? '' : `-${option.short}, `}--${name}`
    const line = `  ${flag}${option.value === undefined ? '' : ` ${option.value}`}`
    expect(HELP.split('\n').some((printed) => printed === line || printed.startsWith(`${line} `))).toBe(true)
    if (option.env !== undefined) expect(HELP).toContain(`(env ${option.env})`)
  })

  it('has a row in docs/development.md for each option, naming its environment variable, and none for another', () => {
    const documented = tableRows.flatMap((cell) => [...cell.matchAll(/`--([a-z-]+)`/g)].map((match) => match[1]!))
    expect(new Set(documented)).toEqual(new Set(SERVE_OPTIONS.map((option) => option.name)))
    for (const option of SERVE_OPTIONS.filter((candidate) => candidate.env !== undefined)) {
      const row = tableRows.find((cell) => cell.includes(`\`--${option.name}\``))
      expect(row, option.name).toContain(`\`${option.env}\``)
    }
  })

  it.each(SERVE_OPTIONS.filter((option) => option.env !== undefined).map((option) => [option.env!, option] as const))(
    'reads %s as its option, and the flag wins over it',
    (env, option) => {
      const sample = SAMPLES[option.name]!
      const needs = NEEDS[option.name] ?? []
      const fromEnv = parseArgs(needs, { [env]: sample })
      const fromBoth = parseArgs([...needs, `--${option.name}=${sample}`], { [env]: 'not-read' })
      expect(fromEnv.kind, JSON.stringify(fromEnv)).toBe('run')
      expect(fromBoth).toEqual(fromEnv)
      expect(fromEnv).not.toEqual(parseArgs(needs))
    },
  )
})
