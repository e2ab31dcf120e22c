/**
 * Manager and investor payments: one contract for both kinds, parameterised by role. What sets them
 * apart is written once per role below: the owner field, what the PUT path's address names (the
 * security token for managers, as the service does rather than as the spec's parameter name says;
 * the investor for investors) and the PUT answer's shape.
 */
import * as z from 'zod/mini'
import { answer } from './answer-formats.ts'
import { Address, integerIdParam } from './formats.ts'
import { defineOperation, type LinkDefinition } from './operation.ts'
import {
  PaymentUpdate,
  paymentCreationFields,
  paymentOutputFields,
  SERIES_SPELLINGS_RULE,
  seriesSpellingsAgree,
  seriesSpellingsAgreeSchema,
} from './payment-fields.ts'

/** What a creation of either kind answers. */
export const PaymentStored = z.lazy(() =>
  z
    .object({
      status: z.literal('success'),
      message: answer.text('what was stored', 'manager payment 7 stored'),
      id: z
        .number()
        .check(z.int(), z.gte(0))
        .clone()
        .register(z.globalRegistry, { description: 'the new payment id, what an update names', examples: [7] }),
    })
    .register(z.globalRegistry, { id: 'PaymentStored' }),
)

/** Everything one kind of payment declares for itself. */
export interface PaymentRole {
  /** As in the operation ids: createManagerPayment. */
  readonly title: 'Manager' | 'Investor'
  /** As in the paths and the messages: /manager, "manager payment 7 stored". */
  readonly name: 'manager' | 'investor'
  readonly owner: 'managerAddress' | 'investorAddress'
  /** The owner, in descriptions: "the manager's ADDRESS". */
  readonly ownerWords: string
  readonly createDescription: string
  readonly inputExample: Readonly<Record<string, unknown>>
  /** What the PUT path's address names, and so which field of the record it must match. */
  readonly updateAddress: { readonly field: 'tokenAddress' | 'owner'; readonly description: string }
  readonly updateSummary: string
  readonly updateDescription: string
  /** The update link's address (from the creation's body) and its description. */
  readonly updateLink: { readonly address: string; readonly description: string }
  /** The PUT answer's schema: the one difference in shape between the kinds. */
  readonly updated: z.ZodMiniType
  readonly notFound: string
  /** The document's path examples: a PENDING payment of the seeded world, so tools that send them hit a real one. */
  readonly pathExample: { readonly owner: string; readonly tokenAddress: string; readonly id: string }
}

/** A field named at run time whose name the type keeps (a computed key alone widens to string). */
function field<K extends string, V>(key: K, value: V): Record<K, V> {
  return { [key]: value } as Record<K, V>
}

/** A creation body: the owner's address, the token's, and the fields both kinds share. */
function paymentInput<const Owner extends PaymentRole['owner']>(role: PaymentRole & { owner: Owner }) {
  return z
    .object({
      ...field(role.owner, Address.clone().register(z.globalRegistry, { description: role.ownerWords })),
      tokenAddress: Address.clone().register(z.globalRegistry, { description: "the security token's ADDRESS" }),
      ...paymentCreationFields,
    })
    .check(z.superRefine((body, ctx) => seriesSpellingsAgree(body as Parameters<typeof seriesSpellingsAgree>[0], ctx)))
    .register(z.globalRegistry, {
      id: `${role.title}PaymentInput`,
      description: SERIES_SPELLINGS_RULE,
      ...seriesSpellingsAgreeSchema,
      examples: [role.inputExample],
    })
}

function paymentOutput<const Owner extends PaymentRole['owner']>(role: PaymentRole & { owner: Owner }) {
  return z
    .object({ ...field(role.owner, answer.address(role.ownerWords)), ...paymentOutputFields })
    .register(z.globalRegistry, { id: `${role.title}PaymentRecord` })
}

const article = (role: PaymentRole) => (role.name === 'manager' ? 'a manager' : 'an investor')

/** What POST /{role} declares besides its id, group, method and path. */
function creation<Body extends z.ZodMiniType>(role: PaymentRole, body: Body) {
  const links: Record<string, LinkDefinition> = {
    [`list${role.title}Payments`]: {
      operationId: `list${role.title}Payments`,
      parameters: { address: `$request.body#/${role.owner}`, tokenAddress: '$request.body#/tokenAddress' },
      description: `The ${role.name}'s payments for this token, the new one last.`,
    },
    [`update${role.title}Payment`]: {
      operationId: `update${role.title}Payment`,
      parameters: { address: role.updateLink.address, id: '$response.body#/id' },
      description: role.updateLink.description,
    },
  }
  return {
    summary: `Store ${article(role)} payment`,
    description: `${role.createDescription} Without \`status\` it is PENDING, without \`date\` dated at the clock's now. ${SERIES_SPELLINGS_RULE}`,
    body,
    response: PaymentStored,
    errors: {},
    links,
  }
}

/** What GET /{role}/{address}/{tokenAddress} declares besides its id, group, method and path. */
function listing<Item extends z.ZodMiniType>(role: PaymentRole, item: Item) {
  return {
    summary: `List ${article(role)}'s payments for a token`,
    description: `Answers the payments stored for this ${role.name} and security token, oldest first; an empty array when there are none. Addresses are matched without regard to case.`,
    params: z.object({
      address: Address.clone().register(z.globalRegistry, {
        description: role.ownerWords,
        examples: [role.pathExample.owner],
      }),
      tokenAddress: Address.clone().register(z.globalRegistry, {
        description: "the security token's ADDRESS",
        examples: [role.pathExample.tokenAddress],
      }),
    }),
    response: z.array(item),
    errors: {},
  }
}

/** What PUT /{role}/{address}/{id} declares besides its id, group, method and path. */
function update<Answer extends z.ZodMiniType>(role: PaymentRole, answer: Answer) {
  return {
    summary: role.updateSummary,
    description: role.updateDescription,
    params: z.object({
      address: Address.clone().register(z.globalRegistry, {
        description: role.updateAddress.description,
        examples: [role.updateAddress.field === 'owner' ? role.pathExample.owner : role.pathExample.tokenAddress],
      }),
      id: integerIdParam(role.pathExample.id)
        .clone()
        .register(z.globalRegistry, { description: 'the payment id, as its creation answered' }),
    }),
    body: PaymentUpdate,
    response: answer,
    errors: {
      400: 'the status change is not allowed: PAID and CANCELED are final',
      404: role.notFound,
    },
  }
}

export const managerPaymentRole = {
  title: 'Manager',
  name: 'manager',
  owner: 'managerAddress',
  ownerWords: "the manager's ADDRESS",
  createDescription: "Stores a payment of a security token's manager and answers its new id.",
  inputExample: {
    managerAddress: '0x111927677a5a4fc8c2f1f755d13d4cde055a175e',
    tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
    amount: 1500,
    serie: 'SENIOR',
    type: 'JUROS',
  },
  updateAddress: { field: 'tokenAddress', description: "the security token's ADDRESS (the payment's tokenAddress)" },
  updateSummary: 'Update a manager payment; `address` is the security token address',
  updateDescription:
    "Replaces the payment's hash, date, status and amount. The path names the security token the payment belongs to (not the manager, as the spec says) and the payment id a creation answered.",
  updateLink: {
    address: '$request.body#/tokenAddress',
    description: 'Update the new payment (by security token and id).',
  },
  updated: z.lazy(() =>
    z
      .object({ success: z.boolean(), message: answer.text('what was updated', 'manager payment 7 updated') })
      .register(z.globalRegistry, { id: 'ManagerPaymentUpdated' }),
  ),
  notFound: 'no payment has this id for this security token',
  pathExample: {
    owner: '0x111927677a5a4fc8c2f1f755d13d4cde055a175e',
    tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
    id: '2',
  },
} as const satisfies PaymentRole

export const investorPaymentRole = {
  title: 'Investor',
  name: 'investor',
  owner: 'investorAddress',
  ownerWords: "the investor's ADDRESS",
  createDescription: 'Stores a payment to an investor in a security token and answers its new id.',
  inputExample: {
    investorAddress: '0xc5334c1c09ac0e51a18eb035832004012ac107c8',
    tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
    amount: 1100,
    series: 'SENIOR',
    type: 'JUROS',
  },
  updateAddress: { field: 'owner', description: "the investor's ADDRESS (the payment's investorAddress)" },
  updateSummary: "Update an investor payment; `address` is the investor's address",
  updateDescription:
    "Replaces the payment's hash, date, status and amount. The path names the investor the payment belongs to and the payment id a creation answered.",
  updateLink: {
    address: '$request.body#/investorAddress',
    description: 'Update the new payment (by investor and id).',
  },
  updated: z.lazy(() =>
    z
      .object({
        status: z.literal('success'),
        message: answer.text('what was updated', 'investor payment 7 updated'),
      })
      .register(z.globalRegistry, { id: 'InvestorPaymentUpdated' }),
  ),
  notFound: 'no payment has this id for this investor',
  pathExample: {
    owner: '0xf72b2992a8ddfcb522ac348dfd5177807594693a',
    tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
    id: '2',
  },
} as const satisfies PaymentRole

export const ManagerPaymentInput = z.lazy(() => paymentInput(managerPaymentRole))
export const ManagerPayment = z.lazy(() => paymentOutput(managerPaymentRole))
export type ManagerPayment = z.infer<typeof ManagerPayment>

export const InvestorPaymentInput = z.lazy(() => paymentInput(investorPaymentRole))
export const InvestorPayment = z.lazy(() => paymentOutput(investorPaymentRole))
export type InvestorPayment = z.infer<typeof InvestorPayment>

// Each operation's id, group, method and path are written out (the router, the resolvers' types and
// the scenario rules key on them); the rest comes from the role.
export const managerPaymentOperations = [
  defineOperation({
    id: 'createManagerPayment',
    group: 'managerPayments',
    method: 'POST',
    path: '/manager',
    ...creation(managerPaymentRole, ManagerPaymentInput),
  }),
  defineOperation({
    id: 'listManagerPayments',
    group: 'managerPayments',
    method: 'GET',
    path: '/manager/{address}/{tokenAddress}',
    ...listing(managerPaymentRole, ManagerPayment),
  }),
  defineOperation({
    id: 'updateManagerPayment',
    group: 'managerPayments',
    method: 'PUT',
    path: '/manager/{address}/{id}',
    ...update(managerPaymentRole, managerPaymentRole.updated),
  }),
] as const

export const investorPaymentOperations = [
  defineOperation({
    id: 'createInvestorPayment',
    group: 'investorPayments',
    method: 'POST',
    path: '/investor',
    ...creation(investorPaymentRole, InvestorPaymentInput),
  }),
  defineOperation({
    id: 'listInvestorPayments',
    group: 'investorPayments',
    method: 'GET',
    path: '/investor/{address}/{tokenAddress}',
    ...listing(investorPaymentRole, InvestorPayment),
  }),
  defineOperation({
    id: 'updateInvestorPayment',
    group: 'investorPayments',
    method: 'PUT',
    path: '/investor/{address}/{id}',
    ...update(investorPaymentRole, investorPaymentRole.updated),
  }),
] as const
