/** Users: a person's account, personal data and residential address, read by id. */
import * as z from 'zod/mini'
import { answer } from './answer-formats.ts'
import { IsoDateTime } from './formats.ts'
import { defineOperation } from './operation.ts'

export const PersonalData = z.lazy(() =>
  z.object({
    id: z
      .uuid()
      .clone()
      .register(z.globalRegistry, { examples: ['80612772-26c2-4e99-b07d-ad1c9d049ed4'] }),
    fullName: answer.text('full name', 'Bryan Albuquerque'),
    cpf: answer.text('CPF, the Brazilian taxpayer number', '835.273.983-25'),
    rgOrDriverLicense: answer.text('identity card (RG) or driver licence number', '221002095'),
    phone: answer.text('phone number', '+55 11 92823-4724'),
    profession: answer.text('profession', 'Desenvolvedor'),
    birthDate: IsoDateTime.clone().register(z.globalRegistry, { examples: ['1955-05-27T00:00:00.000Z'] }),
  }),
)

export const ResidentialAddress = z.lazy(() =>
  z.object({
    id: z
      .uuid()
      .clone()
      .register(z.globalRegistry, { examples: ['a3c5d8d9-53b4-4990-baef-1e156ab18e52'] }),
    zipCode: answer.text('CEP, the postal code', '32388-591'),
    address: answer.text('street', 'Marginal Salvador'),
    number: answer.text('house number', '2496'),
    complement: answer.text('complement, or ""', 'Apto 166'),
    district: answer.text('district', 'Centro'),
    city: answer.text('city', 'Yago do Sul'),
    state: answer.text('state, two letters', 'MS'),
  }),
)

export const User = z.lazy(() =>
  z
    .object({
      id: z
        .uuid()
        .clone()
        .register(z.globalRegistry, { examples: ['8352e67d-f793-4f8b-9395-3666184dc725'] }),
      registerType: answer.text('how the user registered: cpf (a person) or cnpj (a company)', 'cpf'),
      email: z
        .email()
        .clone()
        .register(z.globalRegistry, { examples: ['bryan_albuquerque11@yahoo.com'] }),
      role: z
        .array(answer.text('a role on the platform', 'manager'))
        .clone()
        .register(z.globalRegistry, { examples: [['admin', 'manager']] }),
      walletAddress: answer.address("the user's wallet"),
      annualGrossIncome: z
        .number()
        .check(z.gte(0))
        .clone()
        .register(z.globalRegistry, { examples: [760000] }),
      financialInvestments: z
        .number()
        .check(z.gte(0))
        .clone()
        .register(z.globalRegistry, { examples: [1606000] }),
      qualifiedInvestor: z.boolean(),
      created_at: IsoDateTime,
      updated_at: IsoDateTime,
      personalData: PersonalData,
      residentialAddress: ResidentialAddress,
    })
    .register(z.globalRegistry, { id: 'UserRecord' }),
)
export type User = z.infer<typeof User>

export const userOperations = [
  defineOperation({
    id: 'getUser',
    group: 'users',
    method: 'GET',
    path: '/users/{id}',
    summary: 'Read a user by id',
    description:
      'Answers the user with this id: account, personal data and residential address. Ids are UUIDs, matched without regard to case; any text up to 200 characters is looked up, so an unknown one is a 404, a longer one a 400.',
    params: z.lazy(() =>
      z.object({
        id: z
          .string()
          .check(z.minLength(1), z.maxLength(200))
          .clone()
          .register(z.globalRegistry, {
            description: "the user's id, a UUID (a URL cannot carry . or .. as a path segment)",
            not: { enum: ['.', '..'] },
            examples: ['8352e67d-f793-4f8b-9395-3666184dc725'],
          }),
      }),
    ),
    response: User,
    errors: { 404: 'no user has this id' },
  }),
] as const
