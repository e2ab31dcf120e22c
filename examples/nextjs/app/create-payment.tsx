'use client'
// A client component: it creates a payment from the browser, straight at the simulator
// (NEXT_PUBLIC_API_URL, inlined by `next build`), then asks Next to render the page's server
// component again (router.refresh()), which reads the list with the new payment in it. When the API
// refuses the payment (a scenario's 400, say), it shows the API's message.
import { useRouter } from 'next/navigation'
import { type FormEvent, useState, useTransition } from 'react'

export function CreatePayment({ managerAddress, tokenAddress }: { managerAddress: string; tokenAddress: string }) {
  const router = useRouter()
  const [error, setError] = useState('')
  const [refreshing, startTransition] = useTransition()

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const fields = new FormData(form)
    setError('')
    try {
      const response = await fetch(`${process.env.NEXT_PUBLIC_API_URL}/manager`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev', 'content-type': 'application/json' },
        body: JSON.stringify({
          managerAddress,
          tokenAddress,
          amount: Number(fields.get('amount')),
          serie: fields.get('serie'),
          type: 'JUROS',
        }),
      })
      if (!response.ok) {
        const body = await response.json().catch(() => null)
        setError(body?.message ?? `POST /manager answered ${response.status}`)
        return
      }
      form.reset()
      startTransition(() => router.refresh())
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }

  return (
    <form onSubmit={create} aria-label="New payment">
      <h2>New payment</h2>
      <label>
        Amount <input name="amount" type="number" min="0" step="0.01" required />
      </label>{' '}
      <label>
        Series{' '}
        <select name="serie" defaultValue="SENIOR">
          <option>SENIOR</option>
          <option>MEZANINO</option>
          <option>SUBORDINADA</option>
        </select>
      </label>{' '}
      <button type="submit" disabled={refreshing}>
        Create payment
      </button>
      <p role="alert">{error}</p>
    </form>
  )
}
