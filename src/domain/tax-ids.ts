/** Brazilian tax ids (CPF, CNPJ) with valid check digits, so seeded parties carry numbers a real form accepts. */

function checkDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1
  const sum = digits.reduce((total, digit, i) => total + digit * (weightStart - i), 0)
  const rest = (sum * 10) % 11
  return rest === 10 ? 0 : rest
}

/** Completes nine base digits with their two check digits. */
export function completeCpf(base: readonly number[]): number[] {
  if (base.length !== 9) throw new Error('a CPF base has nine digits')
  const first = checkDigit(base)
  const second = checkDigit([...base, first])
  return [...base, first, second]
}

/** Formats 11 digits as 000.000.000-00. */
export function formatCpf(digits: readonly number[]): string {
  const s = digits.join('')
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`
}

/** True when a CPF (formatted or bare) has valid check digits and is not all one digit. */
export function isValidCpf(cpf: string): boolean {
  const digits = cpf.replace(/\D/g, '').split('').map(Number)
  if (digits.length !== 11 || digits.every((digit) => digit === digits[0])) return false
  const completed = completeCpf(digits.slice(0, 9))
  return completed[9] === digits[9] && completed[10] === digits[10]
}

/** Completes twelve CNPJ base digits with their two check digits. */
export function completeCnpj(base: readonly number[]): number[] {
  if (base.length !== 12) throw new Error('a CNPJ base has twelve digits')
  const digit = (digits: readonly number[]) => {
    const weights =
      digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    const rest = digits.reduce((sum, d, i) => sum + d * weights[i]!, 0) % 11
    return rest < 2 ? 0 : 11 - rest
  }
  const first = digit(base)
  return [...base, first, digit([...base, first])]
}

/** Formats 14 digits as 00.000.000/0000-00. */
export function formatCnpj(digits: readonly number[]): string {
  const s = digits.join('')
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`
}
