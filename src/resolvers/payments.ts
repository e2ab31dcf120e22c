/**
 * Manager and investor payments: the two kinds share their rules and differ in who owns a record
 * (a manager or an investor) and in what their PUT path's address names (the security token for
 * managers, the investor for investors), so both are built from one factory.
 */
import type * as z from 'zod'
import type { InvestorPaymentInput } from '../contract/investor-payments.ts'
import type { ManagerPayment, ManagerPaymentInput } from '../contract/manager-payments.ts'
import type { PaymentUpdate } from '../contract/payment-fields.ts'
import { checkPaymentTransition, DEFAULT_PAYMENT_STATUS } from '../domain/payment-status.ts'
import { ApiError } from '../http/api-error.ts'
import { pairKey } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import type { ResolverContext } from './resolver.ts'

/** A validated creation body of either kind, less its owner's address. */
type CreationBody =
  | Omit<z.output<typeof ManagerPaymentInput>, 'managerAddress'>
  | Omit<z.output<typeof InvestorPaymentInput>, 'investorAddress'>

/** A validated PUT body (the same for both kinds). */
type UpdateBody = z.output<typeof PaymentUpdate>

/** The fields both kinds of payment store, besides their id and owner (as a list answers them). */
type PaymentFields = Omit<ManagerPayment, 'id' | 'managerAddress'>

/**
 * `owner` (id and owner address) followed by the fields both kinds store, from a creation body, in
 * this order; absent optional fields stay absent. Added one by one (not with conditional spreads,
 * which make and copy a temporary object each): this runs on every payment POST.
 */
export function withPaymentFields<Owner extends object>(
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
export async function updatePayment<N extends PaymentTable>(
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

export const samePair = (a: string, b: string) => pairKey(a, b)
export const sameAddress = (a: string, b: string) => normalizeKey(a) === normalizeKey(b)
