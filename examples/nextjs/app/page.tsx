// A server component: it reads the security tokens and the chosen token's payments through
// lib/api.ts on every request (it reads the request's cookies, so Next renders it per request), and
// renders them. The form below it is a client component that writes from the browser.
import Link from 'next/link'
import { ApiError, listManagerPayments, listSecurityTokens, type ManagerPayment } from '@/lib/api'
import { CreatePayment } from './create-payment'

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token: wanted } = await searchParams
  const tokens = await listSecurityTokens()
  const token = tokens.find((candidate) => candidate.contractAddress === wanted) ?? tokens[0]
  if (token === undefined) return <p>No security tokens.</p>

  let payments: ManagerPayment[] = []
  let failure: string | undefined
  try {
    payments = await listManagerPayments(token)
  } catch (error) {
    // A scenario can make the API fail (docs/scenarios.md): say so in the page.
    if (!(error instanceof ApiError)) throw error
    failure = `The payments could not be read: ${error.message}`
  }

  return (
    <main>
      <h1>Manager payments</h1>
      <nav aria-label="Security tokens">
        <ul>
          {tokens.map(({ contractAddress, tokenName, symbol }) => (
            <li key={contractAddress}>
              <Link
                href={`/?token=${contractAddress}`}
                aria-current={contractAddress === token.contractAddress ? 'page' : undefined}
              >
                {tokenName} ({symbol})
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <h2>{token.tokenName}</h2>
      {failure === undefined ? (
        <table aria-label="Payments">
          <thead>
            <tr>
              <th>id</th>
              <th>amount</th>
              <th>series</th>
              <th>status</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td>{payment.id}</td>
                <td>{payment.amount}</td>
                <td>{payment.serie}</td>
                <td>{payment.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p role="alert">{failure}</p>
      )}
      <p>
        The same list from a route handler: <a href={`/api/payments?token=${token.contractAddress}`}>as JSON</a>
      </p>

      <CreatePayment managerAddress={token.managerAddress} tokenAddress={token.contractAddress} />
    </main>
  )
}
