/**
 * `debt-token-simulator scenarios init [dir]` through the built command (dist/cli/cli.js), run in a
 * user's project where the package sits in node_modules as `npm install` puts it: the starter file's
 * `$schema` is a path from the file to the installed schema, which exists, and the file is a valid,
 * replayable scenario; an existing file is never replaced (exit 2); with no installed package near,
 * `$schema` is the schema's URL for this version.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { expect, it } from 'vitest'
import { cliPath, projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const VERSION = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).version as string

/** The built command with `args`, in `cwd`. */
function command(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8' })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

/** A project with the package installed: its manifest and the shipped scenarios, copied (not linked). */
function projectWithPackage(): string {
  const project = temporaryDirectory('dts-init-project-')
  writeFileSync(join(project, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n')
  const installed = join(project, 'node_modules', 'debt-token-simulator')
  mkdirSync(installed, { recursive: true })
  cpSync(join(projectRoot, 'package.json'), join(installed, 'package.json'))
  cpSync(join(projectRoot, 'scenarios'), join(installed, 'scenarios'), { recursive: true })
  return project
}

it('writes a starter whose $schema is the installed schema, seen from the file, and which validates and replays', () => {
  const project = projectWithPackage()
  const init = command(['scenarios', 'init', 'my-scenarios'], project)
  expect(init.err).toBe('')
  expect(init.code).toBe(0)
  const file = join(project, 'my-scenarios', 'my-scenario.json')
  expect(init.out).toContain(`wrote ${join('my-scenarios', 'my-scenario.json')}`)

  const scenario = JSON.parse(readFileSync(file, 'utf8')) as { $schema: string }
  expect(Object.keys(scenario)[0]).toBe('$schema')
  expect(scenario.$schema).toBe('../node_modules/debt-token-simulator/scenarios/scenario.schema.json')
  const schemaFile = resolve(project, 'my-scenarios', scenario.$schema)
  expect(existsSync(schemaFile)).toBe(true)
  // What an editor checks the file against.
  const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(
    JSON.parse(readFileSync(schemaFile, 'utf8')),
  )
  expect(validate(scenario), JSON.stringify(validate.errors)).toBe(true)

  expect(command(['scenarios', 'validate', 'my-scenarios'], project)).toMatchObject({ code: 0 })
  const replayed = command(['replay', join('my-scenarios', 'my-scenario.json')], project)
  expect(replayed.out).toContain('2 passed, 0 failed')
  expect(replayed.code).toBe(0)

  // A file deeper in the project points further up, at the same schema.
  expect(command(['scenarios', 'init', 'qa/scenarios', '--name', 'checkout'], project).code).toBe(0)
  const nested = JSON.parse(readFileSync(join(project, 'qa/scenarios/checkout.json'), 'utf8')) as { $schema: string }
  expect(nested.$schema).toBe('../../node_modules/debt-token-simulator/scenarios/scenario.schema.json')
})

it('refuses to replace an existing file, with exit code 2 and the reason, leaving it as it was', () => {
  const project = projectWithPackage()
  const file = join(project, 'my-scenario.json')
  writeFileSync(file, '{ "mine": true }\n')
  const again = command(['scenarios', 'init'], project)
  expect(again.code).toBe(2)
  expect(again.err).toContain(`${join('.', 'my-scenario.json')} already exists; it is left as it is`)
  expect(again.out).toBe('')
  expect(readFileSync(file, 'utf8')).toBe('{ "mine": true }\n')
})

it('refuses a name that is no scenario name, and more than one directory', () => {
  const project = projectWithPackage()
  for (const name of ['../escape', '.hidden', 'types.schema']) {
    const refused = command(['scenarios', 'init', '--name', name], project)
    expect(refused.code, name).toBe(2)
    expect(refused.err, name).toContain('a scenario name is')
  }
  expect(command(['scenarios', 'init', 'a', 'b'], project)).toMatchObject({
    code: 2,
    err: expect.stringContaining('one directory at most'),
  })
  expect(existsSync(join(project, 'escape.json'))).toBe(false)
})

it('points at the schema of this version on the CDN where no installed package is near', () => {
  const outside = temporaryDirectory('dts-init-outside-')
  expect(command(['scenarios', 'init', 'mine'], outside).code).toBe(0)
  const scenario = JSON.parse(readFileSync(join(outside, 'mine', 'my-scenario.json'), 'utf8')) as { $schema: string }
  expect(scenario.$schema).toBe(`https://unpkg.com/debt-token-simulator@${VERSION}/scenarios/scenario.schema.json`)
})
