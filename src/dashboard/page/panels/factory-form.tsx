/** Creates records with the factories (`POST /__sim/factories/{table}`); a server without the route says so here. */
import { useState } from 'preact/hooks'
import { call } from '../api.ts'
import { ScrollBox } from '../scroll-box.tsx'
import { actingSession, announce, reportError, useStore } from '../store.ts'
import type { FactoryAnswer, FactoryRequest, TableName } from '../types.ts'

export function FactoryForm({ table, onCreated }: { table: TableName; onCreated: () => void }) {
  const session = useStore(actingSession)
  const [count, setCount] = useState('1')
  const [state, setState] = useState('')
  const [overrides, setOverrides] = useState('')
  const [created, setCreated] = useState<unknown[] | null>(null)
  const submit = async (event: Event) => {
    event.preventDefault()
    let body: FactoryRequest
    try {
      body = {
        count: Number(count),
        ...(state.trim() !== '' && { state: state.trim() as NonNullable<FactoryRequest['state']> }),
        ...(overrides.trim() !== '' && { overrides: JSON.parse(overrides) as Record<string, unknown> }),
      }
    } catch {
      reportError(new Error('Overrides must be a JSON object, e.g. {"amount": 1500}'))
      return
    }
    try {
      const answer = await call<FactoryAnswer>('POST', `/__sim/factories/${table}`, { body, session })
      setCreated(answer.records)
      announce(`Created ${answer.records.length} record(s) in ${table}`)
      onCreated()
    } catch (error) {
      reportError(error)
    }
  }
  return (
    <form class="card factory" aria-labelledby="factory-title" onSubmit={submit}>
      <h3 id="factory-title">Create {table} with the factory</h3>
      <div class="row">
        <label>
          How many{' '}
          <input type="number" min={1} max={100} value={count} onInput={(e) => setCount(e.currentTarget.value)} />
        </label>
        <label>
          State{' '}
          <input
            type="text"
            value={state}
            placeholder="e.g. overdue"
            onInput={(event) => setState(event.currentTarget.value)}
          />
        </label>
      </div>
      <label class="block">
        Overrides (JSON){' '}
        <textarea rows={3} value={overrides} onInput={(event) => setOverrides(event.currentTarget.value)} />
      </label>
      <button type="submit">Create</button>
      {created !== null && <ScrollBox label="created records" text={JSON.stringify(created, null, 2)} />}
    </form>
  )
}
