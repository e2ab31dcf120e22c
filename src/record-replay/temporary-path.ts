/** A temporary path beside `target`, for the caller to create exclusively: a name no one can guess or plant. */
import { basename, dirname, join } from 'node:path'
import { randomHex } from '../model/random-hex.ts'

export function temporaryPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomHex(12)}.tmp`)
}
