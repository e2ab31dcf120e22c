/**
 * `strictListenOptions` (src/runtimes/node.ts) carries both names of msw's unhandled-request option,
 * `onUnhandledRequest` (msw 2) and `onUnhandledFrame` (msw 3); each major ignores the other's key.
 * This checks that the installed major, whichever it is, honours it: an unhandled request fails
 * instead of reaching the network. A bare server keeps this about msw alone; test/node/
 * unhandled-requests.test.ts checks the same policy with the simulator's handlers.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { strictListenOptions } from '../../src/runtimes/node.ts'

const server = setupServer(http.get('https://api.example.test/known', () => HttpResponse.text('mocked')))
/** A real server that would answer: if msw ignored the option, the unhandled request would reach it. */
const network = createServer((_request, response) => response.end('reached the network'))

beforeAll(async () => {
  await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve))
  server.listen(strictListenOptions)
})
afterAll(async () => {
  server.close()
  await new Promise<void>((resolve) => network.close(() => resolve()))
})

it('answers handled requests and refuses unhandled ones, under msw 2 and msw 3 alike', async () => {
  expect(await (await fetch('https://api.example.test/known')).text()).toBe('mocked')
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const { port } = network.address() as AddressInfo
    await expect(fetch(`http://127.0.0.1:${port}/unknown`)).rejects.toThrow()
    expect(printed.mock.calls.flat().join(' ')).toMatch(/without a matching request handler/)
  } finally {
    printed.mockRestore()
  }
})
