/** Manager and investor payments: one resolver factory for both, by the contract's role (contract/payments.ts). */
import type * as z from 'zod/mini'
import type { PaymentUpdate } from '../contract/payment-fields.ts'
import {
  type InvestorPaymentInput,
  investorPaymentRole,
  type ManagerPayment,
  type ManagerPaymentInput,
  managerPaymentRole,
  type PaymentRole,
} from '../contract/payments.ts'
import { checkPaymentTransition, DEFAULT_PAYMENT_STATUS } from '../domain/payment-status.ts'
import { ApiError } from '../http/api-error.ts'
import { pairKey } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import type { ResolverContext, ResolverTable } from './resolver.ts'

/** A validated creation body of either kind, less its owner's address. */
type CreationBody =
  | Omit<z.output<typeof ManagerPaymentInput>, 'managerAddress'>
  | Omit<z.output<typeof InvestorPaymentInput>, 'investorAddress'>

type UpdateBody = z.output<typeof PaymentUpdate>

/** The fields both kinds of payment store, besides their id and owner (as a list answers them). */
type PaymentFields = Omit<ManagerPayment, 'id' | 'managerAddress'>

/**
 * `owner` (id and owner address) followed by the fields both kinds store, from a creation body, in
 * this order; absent optional fields stay absent. Added one by one (not with conditional spreads,
 * which make and copy a temporary object each): this runs on every payment POST.
 */
function withPaymentFields<Owner extends object>(
  owner: Owner,
  body: CreationBody,
  context: ResolverContext,
): Owner & PaymentFields {
  const record = owner as Owner & PaymentFields
  record.tokenAddress = body.tokenAddress
  if (body.hash !== undefined) record.hash = body.hash
  record.date = body.date ?? context.clock.now().toISOString()
  record.status = body.status ?? DEFAULT_PAYMENT_STATUS
  if (body.amount !== undefined) record.amount = body.amount
  const serie = body.serie ?? body.series
  if (serie !== undefined) record.serie = serie
  if (body.type !== undefined) record.type = body.type
  return record
}

type PaymentTable = 'managerPayments' | 'investorPayments'

/**
 * Applies a PUT to payment `id` if `belongs(record)`; 404 when there is no such payment there,
 * 400 when the status change is not allowed.
 */
async function updatePayment<N extends PaymentTable>(
  context: ResolverContext,
  table: N,
  id: number,
  belongs: (record: NonNullable<ReturnType<ResolverContext['model'][N]['get']>>) => boolean,
  notFound: string,
  body: UpdateBody,
) {
  const payments = context.model[table]
  const current = payments.get(String(id))
  if (current === undefined || !belongs(current as never)) throw ApiError.notFound(notFound)
  const refused = checkPaymentTransition(current.status, body.status)
  if (refused !== null) throw ApiError.badRequest(refused)
  await payments.update(String(id), (draft) => {
    draft.hash = body.hash
    draft.date = body.date
    draft.status = body.status
    draft.amount = body.amount
  })
}

const samePair = (a: string, b: string) => pairKey(a, b)
const sameAddress = (a: string, b: string) => normalizeKey(a) === normalizeKey(b)

type PaymentOperationIds<Title extends PaymentRole['title']> =
  | `create${Title}Payment`
  | `list${Title}Payments`
  | `update${Title}Payment`

function paymentResolvers<const Role extends PaymentRole>(
  role: Role,
  table: PaymentTable,
  index: 'managerAndToken' | 'investorAndToken',
  updated: (message: string) => z.output<Role['updated']>,
): ResolverTable<PaymentOperationIds<Role['title']>> {
  const resolvers: Record<string, (input: never, context: ResolverContext) => unknown> = {
    async [`create${role.title}Payment`](
      { body }: { body: CreationBody & Record<string, string> },
      context: ResolverContext,
    ) {
      const id = context.model.nextId(table)
      const owner = { id, [role.owner]: body[role.owner] }
      await context.model[table].insert(withPaymentFields(owner, body, context) as never)
      return { status: 'success', message: `${role.name} payment ${id} stored`, id }
    },

    [`list${role.title}Payments`]: (
      { params }: { params: { address: string; tokenAddress: string } },
      context: ResolverContext,
    ) => context.model[table].where(index, samePair(params.address, params.tokenAddress)),

    async [`update${role.title}Payment`](
      { params, body }: { params: { address: string; id: number }; body: UpdateBody },
      context: ResolverContext,
    ) {
      const field = role.updateAddress.field === 'owner' ? role.owner : 'tokenAddress'
      const names = role.updateAddress.field === 'owner' ? role.name : 'security token'
      await updatePayment(
        context,
        table,
        params.id,
        (payment) => sameAddress(String((payment as unknown as Record<string, unknown>)[field]), params.address),
        `${role.name} payment ${params.id} not found for ${names} ${params.address}`,
        body,
      )
      return updated(`${role.name} payment ${params.id} updated`)
    },
  }
  return resolvers as unknown as ResolverTable<PaymentOperationIds<Role['title']>>
}

/** Manager payments: update by security token and id, answered `{success: true}`. */
export const managerPaymentResolvers = paymentResolvers(
  managerPaymentRole,
  'managerPayments',
  'managerAndToken',
  (message) => ({ success: true, message }),
)

/** Investor payments: update by investor and id, answered `{status: "success"}`. */
export const investorPaymentResolvers = paymentResolvers(
  investorPaymentRole,
  'investorPayments',
  'investorAndToken',
  (message) => ({ status: 'success' as const, message }),
)
