// Runs once when the Next.js server starts (`next dev`, `next start`), in the Node.js runtime and in
// the Edge runtime: the Node-only simulator stays behind the runtime check, in a file of its own
// (docs/server-rendered.md, "One state: the recipe").
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    if (process.env.SIMULATOR !== 'on') return // the real API elsewhere
    const { startSimulator } = await import('./sim.node')
    await startSimulator()
  }
}
