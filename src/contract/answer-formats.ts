/**
 * The formats of answer values, for the response schemas: documentation (`.meta`), not checks, since an
 * answer is built, never parsed, and stored records are checked by the model (model/records.ts). Where
 * a field is empty until a client sets it, the format allows `""`.
 */
import * as z from 'zod/mini'
import { ADDRESS_PATTERN, dateMeta, dateTimeMeta, HASH_PATTERN } from './formats.ts'

const SIGNATURE_EXAMPLE = `0x${'e0f384b92f5e8b1c2c5fff24890d73ea'.repeat(4)}1b`

function described(meta: Record<string, unknown>) {
  return z.string().clone().register(z.globalRegistry, meta)
}

/** `format` and `pattern` of one answer format, or of it or "" where a field may be empty. */
function pattern(source: string, orEmpty: boolean): string {
  return orEmpty ? `^(?:${source.slice(1, -1)})?$` : source
}

export const answer = {
  address: (description = 'ADDRESS: 0x followed by 40 hexadecimal characters') =>
    described({
      pattern: ADDRESS_PATTERN.source,
      description,
      examples: ['0x2cf5faf964d51725a1efdd632ab2a990f3f155c3'],
    }),
  /** An ADDRESS, or "" when the client did not give one. */
  addressOrEmpty: (description: string) =>
    described({
      pattern: pattern(ADDRESS_PATTERN.source, true),
      description: `${description}: an ADDRESS, or "" when none was given`,
      examples: ['0x8433f170bf1b30f38a39b74d6aad6f3027109d24'],
    }),
  hash: () =>
    described({
      pattern: HASH_PATTERN.source,
      description: 'HASH: 0x followed by 64 hexadecimal characters',
      examples: ['0x4f12da997d8f3dcfa558dab811b80df5b2ee00b18563f59e1b4ff5c0c1b0a1c2'],
    }),
  /** A parcel's payment hash: "" while it is unpaid. */
  hashOrEmpty: (description: string) =>
    described({
      pattern: pattern(HASH_PATTERN.source, true),
      description,
      examples: ['0x76fc1a3573a4dda5387bb6f57c67e814231eb6ddc8f62e7a4b1c0d9e8f7a6b5c'],
    }),
  /** A 65-byte signature (0x + 130 hexadecimal characters), or "" before it is signed. */
  signatureOrEmpty: (description: string) =>
    described({
      pattern: '^(?:0x[0-9a-fA-F]{130})?$',
      description: `${description}: 0x followed by 130 hexadecimal characters, or "" while unsigned`,
      examples: [SIGNATURE_EXAMPLE],
    }),
  signature: (description: string) =>
    described({
      pattern: '^0x[0-9a-fA-F]{130}$',
      description: `${description}: 0x followed by 130 hexadecimal characters`,
      examples: [SIGNATURE_EXAMPLE],
    }),
  date: (description?: string) => described({ ...dateMeta, ...(description !== undefined && { description }) }),
  dateOrEmpty: (description: string) =>
    described({
      pattern: pattern(dateMeta.pattern, true),
      description: `${description}: date YYYY-MM-DD, or "" when none was given`,
      examples: ['2026-04-02'],
    }),
  dateTime: (description?: string) => described({ ...dateTimeMeta, ...(description !== undefined && { description }) }),
  /** A day (`YYYY-MM-DD`) or an instant: what a date field of a security token holds as it was sent. */
  dayOrInstant: (description: string) =>
    described({
      pattern: `^(?:${dateMeta.pattern.slice(1, -1)}|${dateTimeMeta.pattern.slice(1, -1)})$`,
      description: `${description}: date YYYY-MM-DD or ISO 8601 date-time, as it was given`,
      examples: ['2028-03-01'],
    }),
  uuid: (description: string) =>
    described({
      format: 'uuid',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      description,
      examples: ['8352e67d-f793-4f8b-9395-3666184dc725'],
    }),
  /** Money in reais as the simulator writes it: whole units, a point, two decimals. */
  money: (description: string, orEmpty = false) =>
    described({
      pattern: pattern('^\\d{1,15}(?:\\.\\d{1,2})?$', orEmpty),
      description: `${description}: money written as a string, at most two decimals${orEmpty ? ', or "" when none was given' : ''}`,
      examples: ['102306.42'],
    }),
  /** A decimal number written as a string, as the client sent it. */
  decimal: (description: string, orEmpty = false) =>
    described({
      pattern: pattern('^\\d{1,15}(?:\\.\\d{1,8})?$', orEmpty),
      description: `${description}: decimal number written as a string${orEmpty ? ', or "" when none was given' : ''}`,
      examples: ['2.08'],
    }),
  /** Seconds since 1970-01-01T00:00:00Z, written as a string. */
  unixSecondsText: (description: string) =>
    described({
      pattern: '^\\d{1,12}$',
      description: `${description}: seconds since 1970-01-01T00:00:00Z, written as a string`,
      examples: ['1752667200'],
    }),
  /** Free text, with what it holds and an example. */
  text: (description: string, example: string) => described({ description, examples: [example] }),
}
