/** Fixture loading: the committed world is coherent, and a mistake fails with its file and field path. */
import { cpSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultFixtures } from '../../src/model/default-fixtures.ts'
import { loadFixtureDirectory } from '../../src/model/load-fixture-directory.ts'
import { FixtureError, parseWorld, worldOfValidatedFixtures } from '../../src/model/world.ts'
// @ts-expect-error: a plain ESM script without type declarations
import { validateDefaultFixtures } from '../../scripts/build.mjs'
import { isValidCpf } from '../../src/domain/tax-ids.ts'
import { createSimulator } from '../../src/simulator.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const clone = () => structuredClone(defaultFixtures) as Record<string, any>

function expectFixtureError(files: Record<string, unknown>, file: string, path: string, detail: RegExp) {
  try {
    parseWorld(files)
  } catch (error) {
    expect(error).toBeInstanceOf(FixtureError)
    expect((error as FixtureError).file).toBe(`fixtures/${file}`)
    expect((error as FixtureError).path).toBe(path)
    expect((error as Error).message).toMatch(detail)
    expect((error as Error).message.startsWith(`fixtures/${file}: ${path}`)).toBe(true)
    return
  }
  throw new Error('expected a FixtureError')
}

describe('default fixtures', () => {
  const world = parseWorld(defaultFixtures)
  it('are, once validated, exactly what the bundle loads without validating them again', () => {
    expect(worldOfValidatedFixtures(defaultFixtures)).toEqual(world)
  })
  it('are validated by the build: a mistake fails it with the file and the field path', async () => {
    const copy = temporaryDirectory('dts-build-check-')
    cpSync('src', join(copy, 'src'), { recursive: true })
    cpSync('fixtures', join(copy, 'fixtures'), { recursive: true })
    symlinkSync(join(process.cwd(), 'node_modules'), join(copy, 'node_modules'), 'dir')
    const validate = validateDefaultFixtures as (projectRoot: string) => Promise<void>
    await validate(copy)
    const tokens = clone()['debt-tokens.json']
    tokens[3].parcels[0].amount = 'abc'
    writeFileSync(join(copy, 'fixtures', 'debt-tokens.json'), JSON.stringify(tokens))
    await expect(validate(copy)).rejects.toThrow(/^fixtures\/debt-tokens\.json: \[3\]\.parcels\[0\]\.amount: /)
  })
  it('hold the world the issue asks for', () => {
    expect(world.users.length).toBeGreaterThanOrEqual(5)
    expect(world.securityTokens.length).toBeGreaterThanOrEqual(3)
    expect(world.debtTokens.length).toBeGreaterThanOrEqual(15)
    expect(world.managerPayments.length).toBeGreaterThan(0)
    expect(world.investorPayments.length).toBeGreaterThan(0)
    for (const user of world.users) expect(isValidCpf(user.personalData.cpf)).toBe(true)
    const spread = new Set(world.debtTokens.map((token) => token.securityTokenAddress).filter(Boolean))
    expect(spread.size).toBe(world.securityTokens.length)
    const creditors = new Set(world.debtTokens.map((token) => token.creditorAddress))
    const debtors = new Set(world.debtTokens.map((token) => token.debtorAddress))
    expect(creditors.size).toBeLessThan(world.debtTokens.length)
    expect(debtors.size).toBeLessThan(world.debtTokens.length)
  })
})

describe('fixture mistakes', () => {
  it('name the file and the path of a bad field', () => {
    const files = clone()
    files['debt-tokens.json'][3].parcels[0].amount = '12'
    expectFixtureError(files, 'debt-tokens.json', '[3].parcels[0].amount', /expected number/)
    const users = clone()
    users['users.json'][1].walletAddress = '0x12'
    expectFixtureError(users, 'users.json', '[1].walletAddress', /ADDRESS/)
    const typo = clone()
    typo['security-tokens.json'][0].tokenNmae = 'x'
    expectFixtureError(typo, 'security-tokens.json', '[0].tokenNmae', /unknown field/)
  })

  it('catch broken references and duplicate keys', () => {
    const files = clone()
    files['manager-payments.json'][2].tokenAddress = `0x${'9'.repeat(40)}`
    expectFixtureError(files, 'manager-payments.json', '[2].tokenAddress', /no security token/)
    const duplicated = clone()
    duplicated['investor-payments.json'].push(duplicated['investor-payments.json'][0])
    expectFixtureError(duplicated, 'investor-payments.json', `[${duplicated['investor-payments.json'].length - 1}]`, /duplicate key/)
  })

  it('load from a directory, failing on invalid JSON with the file path', () => {
    const directory = temporaryDirectory('fixtures-')
    cpSync(join(import.meta.dirname, '../../fixtures'), directory, { recursive: true })
    expect(loadFixtureDirectory(directory).debtTokens).toHaveLength(15)
    writeFileSync(join(directory, 'users.json'), '[{')
    expect(() => loadFixtureDirectory(directory)).toThrow(new RegExp(`${directory}/users.json: not valid JSON`))
  })

  it('fail createSimulator itself', () => {
    const files = clone()
    files['users.json'][0].personalData.birthDate = 'yesterday'
    expect(() => createSimulator({ fixtures: files })).toThrow(/fixtures\/users\.json: \[0\]\.personalData\.birthDate/)
  })
})
