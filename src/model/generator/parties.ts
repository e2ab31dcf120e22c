/**
 * The people and companies of a generated world, with valid CPFs and CNPJs, drawn from the world's
 * faker stream in a fixed order so the same seed gives the same parties.
 */
import { toIsoDay } from '../../domain/calendar.ts'
import type { DebtTokenParty } from '../../domain/debt-token.ts'
import { completeCnpj, completeCpf, formatCnpj, formatCpf } from '../../domain/tax-ids.ts'
import type { UserRecord } from '../records.ts'
import type { WorldDraws } from './world-draws.ts'

/** A company: its wallet address and formatted CNPJ, as a debt token names its parties. */
export type Company = DebtTokenParty

/** What one user is drawn as: its place in the world's list (its creation day) and its roles. */
export interface UserShape {
  /** The user's place in the list: it was created FIRST_USER_DAYS_AGO - `index` days before now. */
  readonly index: number
  readonly role: string[]
}

/** The first user (index 0) was created this many days before now, each next one a day later. */
const FIRST_USER_DAYS_AGO = 400
/** A user is this many years old, at least and at most (their birth dates). */
const MIN_AGE_YEARS = 21
const MAX_AGE_YEARS = 70

const createdDay = (index: number) => index - FIRST_USER_DAYS_AGO

/** The index a user created `daysAgo` days before now is drawn with (the inverse of its creation day). */
export const userIndexOf = (daysAgo: number) => FIRST_USER_DAYS_AGO - daysAgo

/** How far a user's dates reach before now, in days (birth dates included). */
export const USER_DAYS_BEFORE = Math.max((MAX_AGE_YEARS + 1) * 366, -createdDay(0))

/** How far the dates of `count` users reach after now, in days. */
export const userDaysAfter = (count: number) => Math.max(0, createdDay(count - 1))

/** One user with a valid CPF, personal data and a residential address, drawn in a fixed order. */
export function drawUser(draw: WorldDraws, shape: UserShape): UserRecord {
  const { faker, digits } = draw
  const firstName = faker.person.firstName()
  const lastName = faker.person.lastName()
  const created = draw.iso(createdDay(shape.index))
  const financialInvestments = draw.int(10, 3000) * 1000
  return {
    id: draw.uuid(),
    registerType: 'cpf',
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
    role: shape.role,
    walletAddress: draw.address(),
    annualGrossIncome: draw.int(40, 900) * 1000,
    financialInvestments,
    qualifiedInvestor: financialInvestments >= 1_000_000,
    created_at: created,
    updated_at: created,
    personalData: {
      id: draw.uuid(),
      fullName: `${firstName} ${lastName}`,
      cpf: formatCpf(completeCpf(digits(9))),
      rgOrDriverLicense: digits(9).join(''),
      phone: `+55 11 9${digits(4).join('')}-${digits(4).join('')}`,
      profession: faker.person.jobTitle(),
      birthDate: `${toIsoDay(faker.date.birthdate({ min: MIN_AGE_YEARS, max: MAX_AGE_YEARS, mode: 'age', refDate: draw.now }))}T00:00:00.000Z`,
    },
    residentialAddress: {
      id: draw.uuid(),
      zipCode: `${digits(5).join('')}-${digits(3).join('')}`,
      address: faker.location.street(),
      number: String(draw.int(1, 3000)),
      complement: shape.index % 2 === 0 ? `Apto ${draw.int(11, 190)}` : '',
      district: faker.location.county(),
      city: faker.location.city(),
      state: faker.location.state({ abbreviated: true }),
    },
  }
}

/** The first user is the platform's administrator (and a manager); it holds the admin wallet. */
export function generateUsers(
  draw: WorldDraws,
  options: { count: number; managers: number; adminAddress: string },
): UserRecord[] {
  const users = Array.from({ length: options.count }, (_, index) =>
    drawUser(draw, { index, role: index < options.managers ? ['manager'] : ['investor'] }),
  )
  users[0]!.role = ['admin', 'manager']
  users[0]!.walletAddress = options.adminAddress
  return users
}

/** `count` companies: the first third (at least 3) lend, the rest borrow. */
export function generateCompanies(draw: WorldDraws, count: number): { creditors: Company[]; debtors: Company[] } {
  const companies = Array.from({ length: count }, () => ({
    address: draw.address(),
    id: formatCnpj(completeCnpj(draw.digits(12))),
  }))
  const creditors = companies.slice(0, Math.max(3, Math.ceil(count / 3)))
  return { creditors, debtors: companies.slice(creditors.length) }
}
