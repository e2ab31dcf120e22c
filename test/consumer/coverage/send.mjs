// What a test file of the coverage suites sends (.ci/consumer.sh): each request once, through real
// fetch that the file's simulator answers, and how many it sent, written beside the parts for
// check-merged.mjs to sum.
import { mkdirSync, writeFileSync } from 'node:fs'

export const API = 'https://api.example.test'

/** Sends each `[path, init]`, then writes `api-coverage-sent/<name>.json`: `{ sent }`. */
export async function sendRequests(name, requests) {
  let sent = 0
  for (const [path, init = {}] of requests) {
    await (await fetch(`${API}${path}`, init)).arrayBuffer()
    sent += 1
  }
  mkdirSync('api-coverage-sent', { recursive: true })
  writeFileSync(`api-coverage-sent/${name}.json`, JSON.stringify({ sent }))
}

export const auth = { headers: { authorization: 'Bearer consumer' } }
