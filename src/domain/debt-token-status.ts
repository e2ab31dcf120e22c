/** What a debt token's integer `status` means (the spec leaves it open) and how it is derived. */

export const DebtTokenStatus = {
  /** Created from a signature contract; creditor and debtor have not both signed. */
  AwaitingSignatures: 0,
  /** Signed; installments are being paid. */
  Active: 1,
  /** Offered for sale on the marketplace (listingPrice is the asking price). */
  Listed: 2,
  /** Every parcel is paid. */
  Settled: 3,
  /** A parcel is past its due date and unpaid. */
  Overdue: 4,
} as const
export type DebtTokenStatus = (typeof DebtTokenStatus)[keyof typeof DebtTokenStatus]

export interface StatusFacts {
  signed: boolean
  listed: boolean
  parcels: readonly { isPaid: boolean; dueDate: number }[]
  /** Unix seconds. */
  now: number
}

export function deriveDebtTokenStatus(facts: StatusFacts): DebtTokenStatus {
  if (!facts.signed) return DebtTokenStatus.AwaitingSignatures
  if (facts.parcels.length > 0 && facts.parcels.every((parcel) => parcel.isPaid)) return DebtTokenStatus.Settled
  if (facts.parcels.some((parcel) => !parcel.isPaid && parcel.dueDate < facts.now)) return DebtTokenStatus.Overdue
  return facts.listed ? DebtTokenStatus.Listed : DebtTokenStatus.Active
}

/**
 * A stored debt token's status at `nowSeconds`, derived on every read as a security token's
 * `expired` is: awaiting signatures stays so; otherwise settled once every parcel is paid, overdue
 * once an unpaid parcel's due date (00:00 UTC of its day) has passed, else listed or active as
 * stored (a token stored as overdue counts as not listed).
 */
export function debtTokenStatusAt(
  token: { status: DebtTokenStatus; parcels: readonly { isPaid: boolean; dueDate: number }[] },
  nowSeconds: number,
): DebtTokenStatus {
  if (token.status === DebtTokenStatus.AwaitingSignatures) return token.status
  return deriveDebtTokenStatus({
    signed: true,
    listed: token.status === DebtTokenStatus.Listed,
    parcels: token.parcels,
    now: nowSeconds,
  })
}
