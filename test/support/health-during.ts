/**
 * Whether a server answered other clients while it worked on a slow request: how many health
 * checks, polled one after another from the moment `slow` is sent, were answered before it was.
 * Not a race of two requests (under load the slow call may start late): the polling goes on until
 * it is answered (bounded), and a server that held its event loop for the call answers the first
 * check only after it. How long a server can be held is measured by `npm run bench:limits`.
 */
export async function healthAnsweredDuring(
  url: string,
  slow: () => Promise<Response>,
): Promise<{ answered: number; response: Response }> {
  let settled = false
  const call = slow().then((response) => {
    settled = true
    return response
  })
  let answered = 0
  for (let polls = 0; polls < 2_000 && !settled; polls++) {
    await fetch(`${url}/__sim/health`)
    if (!settled) answered++
  }
  return { answered, response: await call }
}
