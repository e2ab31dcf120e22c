/** The debt tokens that back a security token (a fund), with their status, as the API lists them. */
import { useEffect, useState } from 'react'
import { type DebtToken, listDebtTokens } from './api'

export const STATUS_LABELS = ['awaiting signatures', 'active', 'listed', 'settled', 'overdue'] as const

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; tokens: DebtToken[] }

export interface DebtTokenListProps {
  securityTokenAddress: string
}

export function DebtTokenList({ securityTokenAddress }: DebtTokenListProps) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  useEffect(() => {
    let current = true
    setLoad({ kind: 'loading' })
    listDebtTokens(securityTokenAddress).then(
      (tokens) => current && setLoad({ kind: 'loaded', tokens }),
      (error: Error) => current && setLoad({ kind: 'failed', message: error.message }),
    )
    return () => {
      current = false
    }
  }, [securityTokenAddress])

  if (load.kind === 'loading') return <p role="status">Loading debt tokens…</p>
  if (load.kind === 'failed') return <p role="alert">Could not load debt tokens: {load.message}</p>
  return (
    <section aria-label="debt tokens">
      <h2>
        {load.tokens.length} debt token{load.tokens.length === 1 ? '' : 's'}
      </h2>
      <ul>
        {load.tokens.map((token) => (
          <li key={token.address} data-status={STATUS_LABELS[token.status]}>
            <code>{token.address.slice(0, 10)}…</code> {STATUS_LABELS[token.status]}, R${' '}
            {token.originalAmount.toLocaleString('pt-BR')}
          </li>
        ))}
      </ul>
    </section>
  )
}
