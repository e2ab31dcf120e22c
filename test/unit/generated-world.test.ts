/**
 * Generated worlds (`--size n`): they pass the same validation as fixture files, the same seed
 * gives the same world whatever order its rows are built in, parcels follow the Price table, and
 * the seeded rows answer lookups exactly as the records they build would.
 */
import { describe, expect, it } from 'vitest'
import type { PaymentFrequency } from '../../src/contract/signature-contracts.ts'
import { dayToUnixSeconds } from '../../src/domain/calendar.ts'
import { formatCents, percentToRate, toCents } from '../../src/domain/money.ts'
import { installmentCents, lastDueDate, schedule } from '../../src/domain/price-table.ts'
import { DEFAULT_NOW } from '../../src/model/clock.ts'
import { generateWorld } from '../../src/model/generate-world.ts'
import { HEX_DIGITS_PER_DRAW, hexText, SIGNATURE_HEX_DIGITS, uuid4Text } from '../../src/model/generator/hex-text.ts'
import { createModel } from '../../src/model/model.ts'
import { DEFAULT_SEED } from '../../src/model/random.ts'
import { tables } from '../../src/model/records.ts'
import { seededRowsOf } from '../../src/model/table-snapshot.ts'
import { fixtureFiles, parseWorld, snapshotWorld, tableNames, type World } from '../../src/model/world.ts'
import '../support/faker-locale.ts'

const now = new Date(DEFAULT_NOW)
const generate = (debtTokens: number, seed = DEFAULT_SEED) => generateWorld({ seed, debtTokens, now })

/** The world as fixture files hold it (what `npm run fixtures` writes). */
function asFiles(world: World): Record<string, unknown> {
  const files: Record<string, unknown> = { [fixtureFiles.platform]: JSON.parse(JSON.stringify(world.platform)) }
  for (const name of tableNames) files[fixtureFiles[name]] = JSON.parse(JSON.stringify(world[name]))
  return files
}

describe('generated worlds', () => {
  it('validate against the record schemas and reference each other (parseWorld)', () => {
    const world = generate(400)
    const parsed = parseWorld(asFiles(world), 'generated/')
    expect(parsed.debtTokens).toHaveLength(400)
    expect(parsed.signatureContracts).toHaveLength(400)
    expect(JSON.stringify(parsed.debtTokens)).toBe(JSON.stringify(world.debtTokens))
  })

  it('are the same for the same seed, whatever order their rows are built in', () => {
    const inOrder = generate(300)
    const reversed = generate(300)
    const rows = seededRowsOf<object>(reversed, 'debtTokens')!
    for (let row = rows.size - 1; row >= 0; row--) rows.record(row)
    expect(JSON.stringify(asFiles(reversed))).toBe(JSON.stringify(asFiles(inOrder)))
    expect(JSON.stringify(asFiles(generate(300, DEFAULT_SEED + 1)))).not.toBe(JSON.stringify(asFiles(inOrder)))
  })

  it('have parcels that follow the Price table of their signature contract', () => {
    const world = generate(300)
    world.debtTokens.forEach((token, i) => {
      const contract = world.signatureContracts[i]!
      const terms = {
        principalCents: toCents(contract.debtTotalValue),
        installments: Number(contract.installments),
        monthlyRate: percentToRate(contract.monthlyInterests),
        frequency: contract.periodicity as PaymentFrequency,
        firstDueDate: contract.firstInstallmentDueDate,
      }
      const rows = schedule(terms)
      expect(
        token.parcels.map((parcel) => [
          parcel.parcelId,
          parcel.amount,
          parcel.dueDate,
          parcel.juros,
          parcel.currentJuros,
          parcel.currentAmount,
        ]),
      ).toEqual(
        rows.map((row) => [
          row.number,
          row.amountCents,
          dayToUnixSeconds(row.dueDate),
          formatCents(row.interestCents),
          formatCents(row.interestCents),
          formatCents(row.amountCents),
        ]),
      )
      expect(contract.installmentValue).toBe(formatCents(installmentCents(terms)))
      expect(contract.lastInstallmentDueDate).toBe(lastDueDate(terms))
      expect(token.lastInstallmentDueDate).toBe(lastDueDate(terms))
      expect(token.originalAmount).toBe(contract.debtTotalValue)
      const owed = token.parcels.reduce((sum, parcel) => sum + (parcel.isPaid ? 0 : parcel.amount), 0)
      expect(token.amount).toBe(formatCents(owed))
      for (const parcel of token.parcels) expect(parcel.paymentHash === '').toBe(!parcel.isPaid)
    })
    expect(new Set(world.debtTokens.flatMap((token) => token.parcels.map((parcel) => parcel.id))).size).toBe(
      world.debtTokens.reduce((sum, token) => sum + token.parcels.length, 0),
    )
  })

  it('are snapshotted without building a record, and index as their records would', () => {
    const world = generate(500)
    const rows = seededRowsOf<Record<string, unknown>>(world, 'debtTokens')!
    const record = rows.record.bind(rows)
    let built = 0
    ;(rows as { record: (row: number) => unknown }).record = (row: number) => {
      built++
      return record(row)
    }
    const snapshot = snapshotWorld(world)
    expect(built).toBe(0)
    const spec = tables.debtTokens
    for (let row = 0; row < rows.size; row++) {
      const token = snapshot.tables.debtTokens.record(row)
      expect(snapshot.tables.debtTokens.keyAt(row)).toBe(spec.key(token))
      for (const [name, indexOf] of Object.entries(spec.indexes)) expect(rows.filedAt(name, row)).toBe(indexOf(token))
      expect(Object.isFrozen(token) && Object.isFrozen(token.parcels) && Object.isFrozen(token.parcels[0])).toBe(true)
    }
  })
})

describe('a model over a generated world', () => {
  it('merges writes over seeded rows in lookups, lists and counts', async () => {
    const world = generate(200)
    const model = createModel(snapshotWorld(world))
    const table = model.debtTokens
    const expected = [...generate(200).debtTokens]
    const creditor = expected[3]!.creditorAddress
    const byCreditor = () =>
      expected.filter((token) => token.creditorAddress === creditor).map((token) => token.address)
    expect(table.where('creditor', creditor.toLowerCase()).map((token) => token.address)).toEqual(byCreditor())
    expect(table.count()).toBe(200)

    const version = table.version
    const gone = byCreditor()[0]!
    expect(table.delete(gone.toLowerCase())).toBe(true)
    expect(table.version).not.toBe(version)
    expected.splice(
      expected.findIndex((token) => token.address === gone),
      1,
    )
    const moved = byCreditor()[0]!
    await table.update(moved.toLowerCase(), (draft) => {
      draft.creditorAddress = expected[5]!.creditorAddress
    })
    const movedIndex = expected.findIndex((token) => token.address === moved)
    expected[movedIndex] = { ...expected[movedIndex]!, creditorAddress: expected[5]!.creditorAddress }
    const added = { ...expected[0]!, address: '0x00000000000000000000000000000000000000aa', creditorAddress: creditor }
    await table.insert(added)
    expected.push(added)

    expect(table.where('creditor', creditor.toLowerCase()).map((token) => token.address)).toEqual(byCreditor())
    expect(table.get(gone.toLowerCase())).toBeUndefined()
    expect(table.get(moved.toLowerCase())?.creditorAddress).toBe(expected[5]!.creditorAddress)
    expect(table.all().map((token) => token.address)).toEqual(expected.map((token) => token.address))
    expect(table.count()).toBe(200)
  })
})

describe('hexadecimal text from 32-bit draws', () => {
  const counting = (values: number[]) => {
    let drawn = 0
    return { u32: () => values[drawn++ % values.length]!, drawn: () => drawn }
  }

  it('writes 8 digits per draw, most significant first, and the high digits of a last partial draw', () => {
    const draws = counting([0x0123abcd, 0xfedcba98])
    expect(hexText(12, draws.u32)).toBe('0x0123abcdfedc')
    expect(draws.drawn()).toBe(Math.ceil(12 / HEX_DIGITS_PER_DRAW))
    expect(hexText(0, draws.u32)).toBe('0x')
    expect(hexText(SIGNATURE_HEX_DIGITS, counting([0xffffffff]).u32)).toBe(`0x${'f'.repeat(SIGNATURE_HEX_DIGITS)}`)
  })

  it('refuses more digits than its buffer holds, with a clear error, before drawing', () => {
    const draws = counting([1])
    expect(() => hexText(SIGNATURE_HEX_DIGITS + 1, draws.u32)).toThrow(
      new RangeError(
        `hexText: ${SIGNATURE_HEX_DIGITS + 1} hexadecimal digits asked for; 0 to ${SIGNATURE_HEX_DIGITS} fit`,
      ),
    )
    expect(() => hexText(-1, draws.u32)).toThrow(RangeError)
    expect(draws.drawn()).toBe(0)
  })

  it('writes version 4 UUIDs with the RFC 4122 variant', () => {
    const draws = counting([0x01234567, 0x89abcdef, 0xfedcba98, 0x76543210])
    expect(uuid4Text(draws.u32)).toBe('01234567-89ab-4def-bedc-ba9876543210')
    expect(draws.drawn()).toBe(4)
  })
})

describe('the seeded faker', () => {
  it("draws faker's own Mersenne Twister stream, from a number or an array seed", async () => {
    const { generateMersenne53Randomizer } = await import('@faker-js/faker')
    const { mersenne53 } = await import('../../src/model/seeded-faker.ts')
    for (const seed of [0, 1, DEFAULT_SEED, 2 ** 32 - 1, [1, 2, 3]] as const) {
      const ours = mersenne53()
      const theirs = generateMersenne53Randomizer()
      ours.seed(seed as number)
      theirs.seed(seed as number)
      for (let i = 0; i < 2000; i++) expect(ours.next()).toBe(theirs.next())
    }
  })

  it('fakes the same values as a faker with the locales pt_BR, en and base', async () => {
    const { Faker, base, en, pt_BR } = await import('@faker-js/faker')
    const { createFaker } = await import('../../src/model/seeded-faker.ts')
    const ours = createFaker()
    const theirs = new Faker({ locale: [pt_BR, en, base] })
    ours.seed(DEFAULT_SEED)
    theirs.seed(DEFAULT_SEED)
    const sample = (faker: typeof ours) => [
      faker.person.fullName(),
      faker.location.city(),
      faker.internet.email(),
      faker.person.jobTitle(),
      faker.string.uuid(),
    ]
    for (let i = 0; i < 50; i++) expect(sample(ours)).toEqual(sample(theirs))
  })

  it("gives the runtime's random source (no faker) the same draws as a faker on the same seed", async () => {
    const { createFaker } = await import('../../src/model/seeded-faker.ts')
    const { createRandom } = await import('../../src/model/random.ts')
    const random = createRandom(DEFAULT_SEED)
    const faker = createFaker()
    faker.seed(DEFAULT_SEED)
    const hex = (length: number) => faker.string.hexadecimal({ length, casing: 'lower', prefix: '0x' })
    for (let i = 0; i < 200; i++) {
      expect(random.address()).toBe(hex(40))
      expect(random.uuid()).toBe(faker.string.uuid())
      expect(random.upperLetters(4)).toBe(faker.string.alpha({ length: 4, casing: 'upper' }))
      expect(random.int(0, i)).toBe(faker.number.int({ min: 0, max: i }))
      expect(random.int(-3, 1_000_000)).toBe(faker.number.int({ min: -3, max: 1_000_000 }))
      expect(random.hash()).toBe(hex(64))
      expect(random.signature()).toBe(hex(130))
    }
    // reseed starts the sequence over, as faker.seed does.
    random.reseed()
    faker.seed(DEFAULT_SEED)
    expect(random.uuid()).toBe(faker.string.uuid())
  })
})
