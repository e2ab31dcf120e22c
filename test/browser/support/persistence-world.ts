/**
 * What the browser persistence tests write and read back: a security token created, updated and
 * a fixture one deleted, a manager payment (whose id comes from a counter), the page's URL for a
 * seed and the persistence options, and the launch of Chromium the tests share.
 */
import { fixtures, NEW_WALLET_A } from '../../support/world.ts'
import type { SimulatorTab } from './simulator-tab.ts'

export const SEED = 4242
export const API_BASE_URL = 'https://api.simulator.test'

/** The test page for `seed` with the options as query flags (`persist`, `sync`, `sync=0`). */
export function pageUrl(origin: string, seed: number, flags: string): string {
  return `${origin}/?seed=${seed}&api=${encodeURIComponent(API_BASE_URL)}&${flags}`
}

export const NEW_SECURITY_TOKEN = {
  data: {
    instrument: 'FIDC',
    segment: 'Varejo',
    concentration: 'Pulverizada',
    emissionAmount: '500000.00',
    emissionEndDate: '2026-06-30',
    maxExpirationDate: '2029-12-31',
    series: [{ name: 'Sênior', type: 'SENIOR', seriesAmount: '400000.00', sharesAmount: '400', unitPrice: '1000.00' }],
  },
}

/** A fixture security token with no investments, so it may be deleted. */
export const DELETED_FIXTURE = fixtures.securityTokens.at(-1)!.contractAddress

const PAYMENT_TOKEN = fixtures.securityTokens[0]!.contractAddress

export const newManagerPayment = {
  managerAddress: NEW_WALLET_A,
  tokenAddress: PAYMENT_TOKEN,
  amount: 10,
  series: 'SENIOR',
  type: 'AMORTIZACAO',
}

/** Creates a security token and renames it, deletes a fixture one, creates a manager payment: one of each write. */
export async function writeOneOfEach(tab: SimulatorTab): Promise<{ created: string; paymentId: number }> {
  const created = await tab.send('POST', '/securityToken', NEW_SECURITY_TOKEN)
  if (created.status !== 200) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.json)}`)
  const address: string = created.json.contractAddress
  const renamed = await tab.send('PUT', `/securityToken/${address}`, { symbol: 'KEPT' })
  const deleted = await tab.send('DELETE', `/securityToken?contractAddress=${DELETED_FIXTURE}`)
  const payment = await tab.send('POST', '/manager', newManagerPayment)
  for (const [what, reply] of Object.entries({ renamed, deleted, payment }))
    if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${JSON.stringify(reply.json)}`)
  return { created: address, paymentId: payment.json.id }
}

/** The security tokens as the API lists them, and the manager payments of the test's wallet. */
export async function listed(tab: SimulatorTab): Promise<{ securityTokens: any; payments: any }> {
  const [securityTokens, payments] = await Promise.all([
    tab.get('/securityToken'),
    tab.get(`/manager/${NEW_WALLET_A}/${PAYMENT_TOKEN}`),
  ])
  return { securityTokens: securityTokens.json, payments: payments.json }
}
