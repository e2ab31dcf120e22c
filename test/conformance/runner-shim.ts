/**
 * What the behaviour suite imports from `vitest`, over any test runner's own functions: the bundle
 * of the package suite (scripts/bundle-conformance.mjs) aliases `vitest` to this module, and the
 * runner's test file hands its describe/it/expect/hooks to useRunner() before the cases register.
 */

type Body = () => unknown

/** A runner's functions under vitest's names (node:test: `before`/`after` as beforeAll/afterAll). */
export interface Runner {
  describe(name: string, body: () => void): unknown
  it(name: string, body: Body): unknown
  expect(actual: unknown): any
  beforeAll(body: Body): unknown
  afterAll(body: Body): unknown
  beforeEach(body: Body): unknown
}

let runner: Runner | undefined

export function useRunner(given: Runner): void {
  runner = given
}

function current(): Runner {
  if (runner === undefined) throw new Error('the behaviour suite registered a test before useRunner() was called')
  return runner
}

export const describe = (name: string, body: () => void) => current().describe(name, body)
export const it = (name: string, body: Body) => current().it(name, body)
export const beforeAll = (body: Body) => current().beforeAll(body)
export const afterAll = (body: Body) => current().afterAll(body)
export const beforeEach = (body: Body) => current().beforeEach(body)

/** vitest's `expect(actual, message)`: Jest's expect takes one argument, so the message is added to a failure. */
export function expect(actual: unknown, message?: string): any {
  const assertion = current().expect(actual)
  return message === undefined ? assertion : withMessage(assertion, message)
}

function withMessage(assertion: object, message: string): any {
  const fail = (error: unknown): never => {
    if (error instanceof Error) error.message = `${message}\n${error.message}`
    throw error
  }
  return new Proxy(assertion, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value === 'object' && value !== null) return withMessage(value, message) // .not, .rejects
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        try {
          const result = value.apply(target, args)
          return result instanceof Promise ? result.catch(fail) : result
        } catch (error) {
          return fail(error)
        }
      }
    },
  })
}
