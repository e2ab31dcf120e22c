/** Money in integer cents, so installments add up exactly, and the decimal strings the API writes ("1500.00"). */

/** "1500.5" → 150050. Rounds half up past the second decimal. */
export function toCents(decimal: string | number): number {
  return Math.round(Number(decimal) * 100)
}

/** 150050 → "1500.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** A rate written as a percentage string ("1.5" = 1.5 %) → a fraction (0.015). */
export function percentToRate(percent: string | number): number {
  return Number(percent) / 100
}
