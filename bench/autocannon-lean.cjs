/**
 * Preloaded into autocannon's command by `npm run bench` (node --require): autocannon keeps every
 * response body as a string, only to compare it with an expected body or hand it to a response
 * callback, neither of which the bench uses. Decoding a body with non-ASCII characters (the
 * simulator's lists carry Portuguese names) costs the load generator more per response than a bare
 * server spends answering it, so the generator, not the server, would set the pace. The bench
 * checks every body itself before a run.
 */
const queue = require('autocannon/lib/pipelinedRequestsQueue.js')

if (typeof queue.prototype.addBody !== 'function')
  throw new Error('autocannon changed: PipelinedRequestsQueue#addBody is gone; update bench/autocannon-lean.cjs')
queue.prototype.addBody = () => {}
