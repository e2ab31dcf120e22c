/** Security tokens: listing, creation (the caller becomes the manager; one vault per series), update, deletion. */
import type { SeriesInput } from '../contract/security-token-inputs.ts'
import { dayAfter } from '../domain/calendar.ts'
import { ApiError } from '../http/api-error.ts'
import { drawNew } from '../model/new-key.ts'
import type { SecurityTokenRecord } from '../model/records.ts'
import { normalizeKey } from '../model/table-spec.ts'
import { isPast, presentSecurityToken } from './presenters.ts'
import type { ResolverTable } from './resolver.ts'

const num = (value: string | undefined) => (value === undefined ? 0 : Number(value))

function seriesOf(input: SeriesInput, vault: string): SecurityTokenRecord['series'][number] {
  return {
    name: input.name ?? '',
    collectionType: input.type ?? '',
    vault,
    numberOfQuotas: num(input.sharesAmount),
    seriesAmount: num(input.seriesAmount),
    unitPrice: num(input.unitPrice),
    percentageIssuance: num(input.emissionPercentage),
    accountRemuneration: num(input.remuneration),
    gracePeriod: num(input.interestMonthLack),
    paymentPeriodicity: num(input.interestPaymentPeriodicity),
    interestPaymentSchedule: num(input.interestAllocationOrder),
    amortizationSchedule: num(input.amortizationAllocationOrder),
  }
}

function notFound(contractAddress: string): ApiError {
  return ApiError.notFound(`security token ${contractAddress} not found`)
}

export const securityTokenResolvers: ResolverTable<
  'listSecurityTokens' | 'createSecurityToken' | 'deleteSecurityToken' | 'updateSecurityToken'
> = {
  listSecurityTokens({ query }, context) {
    const now = context.clock.now()
    const table = context.model.securityTokens
    let records: SecurityTokenRecord[]
    if (query.contractAddress !== undefined) {
      const one = table.get(normalizeKey(query.contractAddress))
      records = one === undefined ? [] : [one]
    } else {
      records = table.all()
    }
    const listed = records.map((record) => presentSecurityToken(record, now))
    return query.marketplace === true
      ? listed.filter((token) => !token.expired && !isPast(token.emissionEndDate, now))
      : listed
  },

  async createSecurityToken({ body }, context) {
    const { data } = body
    const now = context.clock.now()
    const seriesInput = data.series ?? []
    const contractAddress = drawNew(
      context.random.address,
      (address) => !context.model.securityTokens.has(address),
      () => new ApiError(507, 'no new security token address could be drawn: reset the simulator (POST /__sim/reset)'),
    )
    const vaultAddresses = Array.from({ length: Math.max(1, seriesInput.length) }, () => context.random.address())
    const symbol = `ST${context.random.upperLetters(4)}`
    const series = seriesInput.map((input, i) => seriesOf(input, vaultAddresses[i]!))
    const maxExpirationDate = data.maxExpirationDate ?? dayAfter(now, 5 * 365)
    await context.model.securityTokens.insert({
      contractAddress,
      managerAddress: context.caller.address,
      managerSignature: context.random.signature(),
      adminAddress: context.model.world.platform.adminAddress,
      vaultAddresses,
      instrument: data.instrument ?? '',
      segment: data.segment ?? '',
      concentration: data.concentration ?? '',
      totalInvestmentAmount: 0,
      createdAt: now.toISOString(),
      expirationDate: maxExpirationDate,
      tokenName: `${data.instrument || 'Security Token'} ${symbol}`,
      symbol,
      emissionAmount:
        data.emissionAmount !== undefined
          ? Number(data.emissionAmount)
          : series.reduce((sum, s) => sum + s.seriesAmount, 0),
      maxExpirationDate,
      emissionEndDate: data.emissionEndDate ?? dayAfter(now, 90),
      acceptedRebatePercentage: 0,
      series,
    })
    return { contractAddress, managerAddress: context.caller.address, vaultAddresses }
  },

  deleteSecurityToken({ query }, context) {
    if (!context.model.securityTokens.delete(normalizeKey(query.contractAddress))) throw notFound(query.contractAddress)
    return { success: true, message: `security token ${query.contractAddress} deleted` }
  },

  async updateSecurityToken({ params, body }, context) {
    const { investmentAmount, ...fields } = body
    const updated = await context.model.securityTokens.update(normalizeKey(params.contractAddress), (draft) => {
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined) (draft as Record<string, unknown>)[name] = value
      }
      if (investmentAmount !== undefined) draft.totalInvestmentAmount += investmentAmount
    })
    if (updated === undefined) throw notFound(params.contractAddress)
    return {
      success: true,
      message: `security token ${params.contractAddress} updated`,
      totalInvestmentAmount: updated.totalInvestmentAmount,
    }
  },
}
