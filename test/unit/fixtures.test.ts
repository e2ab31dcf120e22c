/** Fixture loading: the committed world is coherent, and a mistake fails with its file and field path. */
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isValidCpf } from '../../src/domain/tax-ids.ts'
import { defaultFixtures, defaultWorld } from '../../src/model/default-fixtures.ts'
import { loadFixtureDirectory } from '../../src/model/load-fixture-directory.ts'
import { DEFAULT_PLATFORM, FixtureError, parseWorld, tableNames } from '../../src/model/world.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
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
  it('are the world parsing them gives, fields in order, so a simulator takes them unparsed', () => {
    for (const name of [...tableNames, 'platform'] as const)
      expect(JSON.stringify(defaultWorld[name]), name).toBe(JSON.stringify(world[name]))
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
    expectFixtureError(files, 'debt-tokens.json', '[3].parcels[0].amount', /must be a number, got "12"/)
    const users = clone()
    users['users.json'][1].walletAddress = '0x12'
    expectFixtureError(users, 'users.json', '[1].walletAddress', /ADDRESS/)
    const typo = clone()
    typo['security-tokens.json'][0].tokenNmae = 'x'
    expectFixtureError(typo, 'security-tokens.json', '[0].tokenNmae', /: unknown field; did you mean "tokenName"\?$/)
  })

  it('catch broken references and duplicate keys', () => {
    const files = clone()
    files['manager-payments.json'][2].tokenAddress = `0x${'9'.repeat(40)}`
    expectFixtureError(files, 'manager-payments.json', '[2].tokenAddress', /no security token/)
    const duplicated = clone()
    duplicated['investor-payments.json'].push(duplicated['investor-payments.json'][0])
    expectFixtureError(
      duplicated,
      'investor-payments.json',
      `[${duplicated['investor-payments.json'].length - 1}]`,
      /duplicate key/,
    )
  })

  it('load from a directory, failing on invalid JSON with the file path', () => {
    const directory = temporaryDirectory('fixtures-')
    cpSync(join(import.meta.dirname, '../../fixtures'), directory, { recursive: true })
    expect(loadFixtureDirectory(directory).debtTokens).toHaveLength(15)
    writeFileSync(join(directory, 'users.json'), '[{')
    expect(() => loadFixtureDirectory(directory)).toThrow(new RegExp(`${directory}/users.json: not valid JSON`))
  })

  describe('from a directory that is not all there, fail loudly', () => {
    const required = [
      'signature-contracts.json',
      'users.json',
      'debt-tokens.json',
      'security-tokens.json',
      'manager-payments.json',
      'investor-payments.json',
    ]
    /** The error loadFixtureDirectory throws: a FixtureError naming the directory and every expected file. */
    function failure(directory: string): FixtureError {
      let thrown: unknown
      try {
        loadFixtureDirectory(directory)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(FixtureError)
      const error = thrown as FixtureError
      expect(error.file).toBe(directory)
      expect(error.message.startsWith(`${directory}: `)).toBe(true)
      for (const file of required) expect(error.message).toContain(file)
      expect(error.message).toContain('platform.json (optional)')
      return error
    }
    const fullCopy = () => {
      const directory = temporaryDirectory('fixtures-')
      cpSync(join(import.meta.dirname, '../../fixtures'), directory, { recursive: true })
      return directory
    }

    it('a directory that does not exist', () => {
      const missing = join(temporaryDirectory('fixtures-'), 'no', 'such-dir')
      expect(failure(missing).message).toMatch(/: no such fixture directory; expected files: /)
    })

    it('a file given as the directory', () => {
      const file = join(fullCopy(), 'users.json')
      expect(failure(file).message).toMatch(/: not a directory; expected files: /)
    })

    it('a directory without some of the table files, naming the missing ones', () => {
      const directory = fullCopy()
      rmSync(join(directory, 'users.json'))
      rmSync(join(directory, 'investor-payments.json'))
      expect(failure(directory).message).toContain(
        ': incomplete fixture directory, missing users.json, investor-payments.json; expected files: ',
      )
      const empty = temporaryDirectory('fixtures-empty-dir-')
      expect(failure(empty).message).toContain(`missing ${required.join(', ')};`)
    })

    it("but not without platform.json: it is optional, and the default platform applies, as in a scenario's empty world", () => {
      const directory = fullCopy()
      rmSync(join(directory, 'platform.json'))
      const world = loadFixtureDirectory(directory)
      expect(world.platform).toEqual(DEFAULT_PLATFORM)
      expect(world.debtTokens).toHaveLength(15)
    })

    it('and an intentionally empty world is a directory of empty tables, as fixtures/empty/ is', () => {
      const empty = join(import.meta.dirname, '../../fixtures/empty')
      expect(readdirSync(empty).sort()).toEqual([...required].sort())
      expect(loadFixtureDirectory(empty)).toEqual(parseWorld({}))
      const own = temporaryDirectory('fixtures-own-empty-')
      for (const file of required) writeFileSync(join(own, file), '[]')
      expect(loadFixtureDirectory(own)).toEqual(parseWorld({}))
    })
  })

  it('fail createSimulator itself', () => {
    const files = clone()
    files['users.json'][0].personalData.birthDate = 'yesterday'
    expect(() => createSimulator({ fixtures: files })).toThrow(/fixtures\/users\.json: \[0\]\.personalData\.birthDate/)
  })
})
