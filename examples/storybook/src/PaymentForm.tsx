/** A fund manager pays a series of their security token: the form posts the payment and says what the API answered. */
import { type FormEvent, useState } from 'react'
import { payManager } from './api'

export interface Fund {
  contractAddress: string
  managerAddress: string
  tokenName: string
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'stored'; id: number }
  | { kind: 'refused'; message: string }

export function PaymentForm({ fund }: { fund: Fund }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setOutcome({ kind: 'sending' })
    try {
      const { id } = await payManager({
        managerAddress: fund.managerAddress,
        tokenAddress: fund.contractAddress,
        amount: Number(form.get('amount')),
        serie: 'SENIOR',
        type: form.get('type') === 'AMORTIZACAO' ? 'AMORTIZACAO' : 'JUROS',
      })
      setOutcome({ kind: 'stored', id })
    } catch (error) {
      setOutcome({ kind: 'refused', message: (error as Error).message })
    }
  }
  return (
    <form onSubmit={submit} aria-label="payment">
      <h2>Pay {fund.tokenName}</h2>
      <label>
        Amount <input name="amount" type="number" defaultValue={1500} min={0} />
      </label>
      <label>
        Type{' '}
        <select name="type" defaultValue="JUROS">
          <option value="JUROS">interest</option>
          <option value="AMORTIZACAO">amortization</option>
        </select>
      </label>
      <button type="submit" disabled={outcome.kind === 'sending'}>
        Pay
      </button>
      {outcome.kind === 'stored' && <p role="status">Payment {outcome.id} stored</p>}
      {outcome.kind === 'refused' && <p role="alert">Payment refused: {outcome.message}</p>}
    </form>
  )
}
