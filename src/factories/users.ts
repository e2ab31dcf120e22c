/** The users factory: people drawn by the world generator's code from the world's own random source. */
import type { UserRecord } from '../model/records.ts'
import { worldGenerator } from '../model/world-generator.ts'
import { int } from './draws.ts'
import { FactoryError } from './factory-error.ts'
import type { UserOverrides } from './overrides.ts'
import type { RecordBatch } from './record-batch.ts'

/** A user created this many days before the clock's now, at most. */
const MAX_USER_AGE_DAYS = 400
/** From this much invested a user is a qualified investor (as in the generated world). */
const QUALIFIED_INVESTMENTS = 1_000_000

export function createUser(batch: RecordBatch, overrides: UserOverrides, role: string[] = ['investor']): UserRecord {
  if (overrides.id !== undefined && batch.has('users', overrides.id)) {
    throw FactoryError.of('overrides.id', `must be a new user id: user ${overrides.id} exists`)
  }
  const wallet = overrides.walletAddress
  if (wallet !== undefined && batch.where('users', 'walletAddress', wallet).length > 0) {
    throw FactoryError.of('overrides.walletAddress', `must be a new wallet: a user already holds ${wallet}`)
  }
  const { random, now } = batch
  // A person the world holds (same id or wallet) is drawn again: the seeded users come from the same seed.
  const drawn = batch.drawNew(
    'a user',
    () => {
      const daysAgo = int(random, 1, MAX_USER_AGE_DAYS)
      return worldGenerator().drawPerson(random.randomizer, now, { role, daysAgo })
    },
    (person) =>
      (overrides.id !== undefined || !batch.has('users', person.id)) &&
      (wallet !== undefined || batch.where('users', 'walletAddress', person.walletAddress).length === 0),
  )
  const { personalData, residentialAddress, ...fields } = overrides
  const user: UserRecord = {
    ...drawn,
    ...fields,
    personalData: { ...drawn.personalData, ...personalData },
    residentialAddress: { ...drawn.residentialAddress, ...residentialAddress },
  }
  if (fields.created_at !== undefined && fields.updated_at === undefined) user.updated_at = fields.created_at
  if (fields.financialInvestments !== undefined && fields.qualifiedInvestor === undefined) {
    user.qualifiedInvestor = fields.financialInvestments >= QUALIFIED_INVESTMENTS
  }
  return batch.add('users', user)
}
