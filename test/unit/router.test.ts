/**
 * The one router: API operations and control routes from one table, literal segments before
 * parameters, a trailing slash ignored, 405 with the methods a path takes; operation paths are
 * matched without regard to case (as msw does), control paths exactly.
 */
import { describe, expect, it } from 'vitest'
import { controlRoutes } from '../../src/contract/control.ts'
import { SimTableName } from '../../src/contract/control-factory-schemas.ts'
import { controlPaths } from '../../src/contract/control-paths.ts'
import { operations } from '../../src/contract/operations.ts'
import { tableNames } from '../../src/model/world.ts'
import { matchRoute, methodNotAllowed, type RouteMatch } from '../../src/pipeline/router.ts'

function matched(match: RouteMatch): string {
  if (match.kind === 'operation') return `operation ${match.operation.id} ${JSON.stringify(match.params)}`
  if (match.kind === 'control') return `control ${match.route.id} ${JSON.stringify(match.params)}`
  return match.kind
}

describe('the router', () => {
  it('matches every control route from the same table as the operations', () => {
    for (const route of controlRoutes) {
      const path = route.path.replace('{id}', 'qa-1')
      expect(matched(matchRoute(route.method, path)), route.id).toMatch(new RegExp(`^control ${route.id} `))
      expect(matched(matchRoute(route.method, `${path}/`)), `${route.id} with a trailing slash`).toMatch(
        new RegExp(`^control ${route.id} `),
      )
    }
    expect(matched(matchRoute('DELETE', '/__sim/sessions/qa%201'))).toBe('control endSession {"id":"qa 1"}')
    expect(matched(matchRoute('GET', '/users/u-1'))).toBe('operation getUser {"id":"u-1"}')
  })

  it('matches the control paths the routes are declared at, and no other', () => {
    // The router reads control-paths.ts alone: a path there without a declaration would be matched and never answered.
    const declared = controlRoutes.map(({ id, method, path }) => ({ id, method, path }))
    expect(controlPaths.map(({ id, method, path }) => ({ id, method, path }))).toEqual(declared)
  })

  it('answers 405 with the methods of a control path, and 404 for none', () => {
    expect(matchRoute('POST', '/__sim/scenario')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'PUT', 'DELETE'],
    })
    expect(matchRoute('GET', '/__sim/nothing')).toEqual({ kind: 'not-found' })
    expect(matchRoute('DELETE', '/__sim/sessions//')).toEqual({ kind: 'not-found' }) // an empty id
    const error = methodNotAllowed('POST', '/__sim/scenario', ['GET', 'PUT', 'DELETE'])
    expect(error.status).toBe(405)
    expect(error.headers).toEqual({ allow: 'GET, PUT, DELETE, HEAD, OPTIONS' })
    expect(error.message).toBe('POST is not allowed on /__sim/scenario (allowed: GET, PUT, DELETE, HEAD, OPTIONS)')
  })

  it('matches operation paths without regard to case, control paths exactly', () => {
    expect(matched(matchRoute('GET', '/SecurityToken'))).toBe('operation listSecurityTokens {}')
    expect(matchRoute('GET', '/__sim/Health')).toEqual({ kind: 'not-found' })
    expect(matchRoute('GET', '/__SIM/health')).toEqual({ kind: 'not-found' })
  })

  it('refuses a badly percent-encoded control path as it does an API one', () => {
    expect(matchRoute('DELETE', '/__sim/sessions/%E0%A4%A')).toEqual({
      kind: 'bad-path',
      message: 'path /__sim/sessions/%E0%A4%A is not validly percent-encoded',
    })
  })

  it('has no control route outside /__sim, and no id shared with an operation', () => {
    for (const route of controlRoutes) expect(route.path, route.id).toMatch(/^\/__sim(\/|$)/)
    for (const operation of operations) expect(operation.path).not.toMatch(/^\/__sim/)
    const ids = [...operations, ...controlRoutes].map((route) => route.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('names the same tables in the control contract as the model holds', () => {
    expect(SimTableName.options).toEqual(tableNames)
  })
})
