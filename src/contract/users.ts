/**
 * Users: a person's account, personal data and residential address, read by id.
 */
import * as z from 'zod'
import { IsoDateTime } from './formats.ts'
import { defineOperation } from './operation.ts'

export const PersonalData = z.object({
  id: z.uuid(),
  fullName: z.string(),
  cpf: z.string(),
  rgOrDriverLicense: z.string(),
  phone: z.string(),
  profession: z.string(),
  birthDate: IsoDateTime,
})

export const ResidentialAddress = z.object({
  id: z.uuid(),
  zipCode: z.string(),
  address: z.string(),
  number: z.string(),
  complement: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
})

export const User = z
  .object({
    id: z.uuid(),
    registerType: z.string(),
    email: z.string(),
    role: z.array(z.string()),
    walletAddress: z.string(),
    annualGrossIncome: z.number(),
    financialInvestments: z.number(),
    qualifiedInvestor: z.boolean(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    personalData: PersonalData,
    residentialAddress: ResidentialAddress,
  })
  .meta({ id: 'User' })
export type User = z.infer<typeof User>

export const userOperations = [
  defineOperation({
    id: 'getUser',
    group: 'users',
    method: 'GET',
    path: '/users/{id}',
    summary: 'Read a user by id',
    params: z.object({ id: z.string().min(1).max(200) }),
    response: User,
    errors: [404],
  }),
] as const
