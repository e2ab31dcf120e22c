/**
 * The dashboard's entry (served at `GET /__sim/ui`): starts the live feed and renders the page.
 * Browser code: it imports only the contract's types and talks to the simulator only through the
 * control API of the origin it was served from.
 */
import { render } from 'preact'
import { App } from './app.tsx'
import { live } from './live.ts'

const root = document.getElementById('app')!
root.replaceChildren() // the page's "Loading…" text
live.start()
render(<App />, root)
