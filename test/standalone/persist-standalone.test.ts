/**
 * `startStandaloneServer({ persist: { dir } })` (a globalSetup's server): a write made through one
 * server is read back through the next on the same directory, and `close()` lets go of it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { startStandaloneServer } from '../../src/runtimes/standalone/index.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const AUTH = { authorization: 'Bearer persist-standalone', 'content-type': 'application/json' }

it('keeps a write across servers on one directory, and close() lets go of it', async () => {
  const dir = temporaryDirectory('persist-standalone-')
  const first = await startStandaloneServer({ port: 0, persist: { dir } })
  const created = await fetch(`${first.url}${samples.createManagerPayment.path}`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({ ...(samples.createManagerPayment.body as object), amount: 321.5 }),
  })
  const { id } = (await created.json()) as { id: number }
  await first.close()
  expect(readFileSync(join(dir, 'lock-1'), 'utf8')).toBe('{"released":true}\n') // let go

  const second = await startStandaloneServer({ port: 0, persist: { dir } })
  try {
    const listed = (await (
      await fetch(`${second.url}${samples.listManagerPayments.path}`, { headers: AUTH })
    ).json()) as {
      id: number
      amount: number
    }[]
    expect(listed.find((payment) => payment.id === id)?.amount).toBe(321.5)
  } finally {
    await second.close()
  }
})

it('lets go of the directory when the port is taken (EADDRINUSE), so the process may start again', async () => {
  const dir = temporaryDirectory('persist-standalone-')
  const holder = await startStandaloneServer({ port: 0 })
  try {
    const port = Number(new URL(holder.url).port)
    await expect(startStandaloneServer({ port, persist: { dir } })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  } finally {
    await holder.close()
  }
  const next = await startStandaloneServer({ port: 0, persist: { dir } })
  await next.close()
})
