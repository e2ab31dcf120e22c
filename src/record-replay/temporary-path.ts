/**
 * The path of a temporary file or folder beside `target` (`.<name>.<random>.tmp`), created
 * exclusively by the caller and renamed into place: a name no one can guess or plant beforehand.
 */
import { basename, dirname, join } from 'node:path'
import { randomHex } from '../model/random-hex.ts'

export function temporaryPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomHex(12)}.tmp`)
}
