/**
 * The `$schema` of a recording (`--record <file>`, flushed on shutdown or by
 * `POST /__sim/record/flush`): written from the file's own directory, it names the schema of the
 * package the project installed, a path that exists from there; with no installed package near, the
 * schema's URL for this version. What `scenarios init` writes is checked through the command
 * (test/standalone/scenarios-init.process.test.ts).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }
import { createFileRecording } from '../../src/record-replay/record-to-file.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const root = join(import.meta.dirname, '../..')

/** A project with the package installed in node_modules (its manifest and scenarios/, copied). */
function projectWithPackage(): string {
  const project = temporaryDirectory('dts-schema-ref-')
  writeFileSync(join(project, 'package.json'), '{ "name": "app", "private": true }\n')
  const installed = join(project, 'node_modules', 'debt-token-simulator')
  mkdirSync(installed, { recursive: true })
  cpSync(join(root, 'package.json'), join(installed, 'package.json'))
  cpSync(join(root, 'scenarios'), join(installed, 'scenarios'), { recursive: true })
  return project
}

/** The `$schema` of a recording flushed to `file`, and the file's scenario as the server loads it. */
function flushedSchema(file: string): string {
  createFileRecording(file, { seed: 1 }).flushSync()
  const written = JSON.parse(readFileSync(file, 'utf8')) as { $schema: string }
  expect(Object.keys(written)[0]).toBe('$schema')
  loadScenarioFile(file) // still a valid scenario
  return written.$schema
}

it("a recording in a project names the installed package's schema by a path that exists from the file", () => {
  const project = projectWithPackage()
  const file = join(project, 'recordings', 'checkout', 'session.json')
  const schema = flushedSchema(file)
  expect(schema).toBe('../../node_modules/debt-token-simulator/scenarios/scenario.schema.json')
  expect(existsSync(resolve(dirname(file), schema))).toBe(true)
  expect(flushedSchema(join(project, 'session.json'))).toBe(
    './node_modules/debt-token-simulator/scenarios/scenario.schema.json',
  )
})

it('a recording with no installed package near names the schema of this version by URL', () => {
  const file = join(temporaryDirectory('dts-schema-ref-outside-'), 'session.json')
  expect(flushedSchema(file)).toBe(
    `https://unpkg.com/debt-token-simulator@${packageJson.version}/scenarios/scenario.schema.json`,
  )
})
