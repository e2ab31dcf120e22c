/**
 * The path of a temporary file or folder beside `target` (`.<name>.<random>.tmp`), created
 * exclusively by the caller and renamed into place: a name no one can guess or plant beforehand.
 * The random part comes from the Web Crypto global, which loads when first used; node:crypto,
 * imported, would load with every start of the command.
 */
import { basename, dirname, join } from 'node:path'

export function temporaryPathBeside(target: string): string {
  const random = Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('hex')
  return join(dirname(target), `.${basename(target)}.${random}.tmp`)
}
