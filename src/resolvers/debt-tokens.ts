/**
 * Debt token queries. Each answers an array: the matching tokens, or [] for a well-formed address
 * that matches nothing (including a token that exists but belongs to someone else).
 */
import type { DebtTokenRecord } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import { presentDebtToken } from './presenters.ts'
import type { ResolverContext, ResolverTable } from './resolver.ts'

type Link = 'creditorAddress' | 'debtorAddress' | 'securityTokenAddress'

function listBy(context: ResolverContext, index: 'creditor' | 'debtor' | 'securityToken', address: string) {
  const now = context.clock.now()
  return context.model.debtTokens.where(index, normalizeKey(address)).map((token) => presentDebtToken(token, now))
}

/** The token at `tokenAddress`, as a one-element array, if its `link` is `owner`. */
function oneOf(context: ResolverContext, link: Link, owner: string, tokenAddress: string) {
  const token: DebtTokenRecord | undefined = context.model.debtTokens.get(normalizeKey(tokenAddress))
  const linked = token?.[link]
  return token !== undefined && linked != null && normalizeKey(linked) === normalizeKey(owner)
    ? [presentDebtToken(token, context.clock.now())]
    : []
}

/** A deleted (or never created) security token lists no debt tokens, whatever still points at it. */
function securityTokenExists(context: ResolverContext, address: string): boolean {
  return context.model.securityTokens.has(normalizeKey(address))
}

export const debtTokenResolvers: ResolverTable<
  | 'listSecurityTokenDebtTokens'
  | 'getSecurityTokenDebtToken'
  | 'listDebtorDebtTokens'
  | 'getDebtorDebtToken'
  | 'listCreditorDebtTokens'
  | 'getCreditorDebtToken'
> = {
  listSecurityTokenDebtTokens: ({ params }, context) =>
    securityTokenExists(context, params.securityTokenAddress)
      ? listBy(context, 'securityToken', params.securityTokenAddress)
      : [],
  getSecurityTokenDebtToken: ({ params }, context) =>
    securityTokenExists(context, params.securityTokenAddress)
      ? oneOf(context, 'securityTokenAddress', params.securityTokenAddress, params.debtTokenAddress)
      : [],
  listDebtorDebtTokens: ({ params }, context) => listBy(context, 'debtor', params.address),
  getDebtorDebtToken: ({ params }, context) => oneOf(context, 'debtorAddress', params.address, params.tokenAddress),
  listCreditorDebtTokens: ({ params }, context) => listBy(context, 'creditor', params.address),
  getCreditorDebtToken: ({ params }, context) => oneOf(context, 'creditorAddress', params.address, params.tokenAddress),
}
