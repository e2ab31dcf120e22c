/** Users: read one by id (ids are UUIDs; their casing is not significant). */
import { ApiError } from '../http/api-error.ts'
import type { ResolverTable } from './resolver.ts'

export const userResolvers: ResolverTable<'getUser'> = {
  getUser({ params }, context) {
    const user = context.model.users.get(params.id.toLowerCase())
    if (user === undefined) throw ApiError.notFound(`user ${params.id} not found`)
    return user
  },
}
