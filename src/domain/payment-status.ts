/**
 * The life of a payment record: which status changes a PUT may make. PAID and CANCELED are final
 * (a PUT may still correct a PAID record's hash, date and amount while keeping it PAID).
 */
import type { PaymentStatus } from '../contract/payment-fields.ts'

const allowedNext: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  PENDING: ['PENDING', 'PAID', 'FAILED', 'CANCELED'],
  FAILED: ['FAILED', 'PENDING', 'PAID', 'CANCELED'],
  PAID: ['PAID'],
  CANCELED: ['CANCELED'],
}

/** Null when the change is allowed, otherwise why not. */
export function checkPaymentTransition(from: PaymentStatus, to: PaymentStatus): string | null {
  if (allowedNext[from].includes(to)) return null
  return `cannot change a payment's status from ${from} to ${to} (allowed: ${allowedNext[from].join(', ')})`
}

/** Status of a payment created without one. */
export const DEFAULT_PAYMENT_STATUS: PaymentStatus = 'PENDING'
