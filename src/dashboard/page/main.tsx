/** The dashboard's entry (`GET /__sim/ui`): it imports only the contract's types and talks only to its own origin. */
import { render } from 'preact'
import { UNREACHABLE } from './api.ts'
import { App } from './app.tsx'
import { live } from './live.ts'
import { notice } from './store.ts'

const root = document.getElementById('app')!
root.replaceChildren() // the page's "Loading…" text
live.start()
// The feed live again answers "is the server still running?": the alert that asked it goes.
live.subscribe(() => {
  if (live.connection === 'live' && notice.get()?.text === UNREACHABLE) notice.set(null)
})
render(<App />, root)
