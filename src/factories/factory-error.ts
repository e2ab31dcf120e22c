/**
 * A factory call refused (a bad override, a missing link, a state the clock leaves no room for). An
 * ApiError (400, or 507 when the world is full); the message names each field as request validation does.
 */
import { ApiError } from '../http/api-error.ts'

/** One field and what is wrong with it ("must be …", "is …", or any other text after a colon). */
export interface FactoryIssue {
  readonly field: string
  readonly problem: string
}

/** "field must …" for a predicate of the field, "field: text" for anything else (as request validation words it). */
function sentence({ field, problem }: FactoryIssue): string {
  if (field === '') return problem
  return /^(must|disagrees|is) /.test(problem) ? `${field} ${problem}` : `${field}: ${problem}`
}

export class FactoryError extends ApiError {
  constructor(readonly issues: readonly FactoryIssue[]) {
    super(400, issues.map(sentence).join('; '))
    this.name = 'FactoryError'
  }

  static of(field: string, problem: string): FactoryError {
    return new FactoryError([{ field, problem }])
  }

  /** The same issues with their fields under `prefix` (`body`, `world.create[0]`); a problem of no field stays so. */
  within(prefix: string): FactoryError {
    return new FactoryError(
      this.issues.map((issue) => (issue.field === '' ? issue : { ...issue, field: `${prefix}.${issue.field}` })),
    )
  }
}

/**
 * Runs `create`, which makes a record a left-out field links to (a debt token's security token, a
 * payment's investor); if that record cannot be made, the error names the field to give instead.
 */
export function linked<T>(field: string, what: string, create: () => T): T {
  try {
    return create()
  } catch (error) {
    if (!(error instanceof FactoryError)) throw error
    const why = error.issues.map((issue) => sentence({ ...issue, field: issue.field.replace(/^overrides\./, '') }))
    throw FactoryError.of(field, `must be given here: ${what} cannot be created for it (${why.join('; ')})`)
  }
}
