/**
 * The behaviour manager and investor payments share, written once and run for each kind: they
 * differ in the owner field, in what the PUT path's address names and in the PUT answer's shape.
 */
import { describe, expect, it } from 'vitest'
import { expectErrorShape, HASH_A, UNKNOWN_ADDRESS } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

interface SeededPayment {
  id: number
  tokenAddress: string
  status: string
  [owner: string]: unknown
}

export interface PaymentKind {
  name: string
  path: '/manager' | '/investor'
  owner: 'managerAddress' | 'investorAddress'
  seeded: readonly SeededPayment[]
  /** The address the PUT path carries for a payment. */
  putAddress: (payment: SeededPayment) => string
  /** The PUT's success body. */
  updated: (id: number) => Record<string, unknown>
}

const update = { hash: HASH_A, date: '2026-03-02T09:00:00.000Z', status: 'PAID', amount: 2000 }

export function paymentCases(target: TargetRef, kind: PaymentKind) {
  const first = kind.seeded[0]!
  const owner = String(first[kind.owner])
  const listPath = (address = owner, token = first.tokenAddress) => `${kind.path}/${address}/${token}`
  const pending = kind.seeded.find((payment) => payment.status === 'PENDING')!
  const paid = kind.seeded.find((payment) => payment.status === 'PAID')!

  describe(`${kind.name} payments`, () => {
    it('lists the seeded payments of an owner and token, with ids and `serie`', async () => {
      const reply = await target().send('GET', listPath())
      expect(reply.status).toBe(200)
      const expected = kind.seeded.filter(
        (payment) =>
          String(payment[kind.owner]).toLowerCase() === owner.toLowerCase() &&
          payment.tokenAddress === first.tokenAddress,
      )
      expect(reply.json).toEqual(expected)
      for (const payment of reply.json) {
        expect(Number.isInteger(payment.id)).toBe(true)
        expect(payment).not.toHaveProperty('series')
      }
    })

    it('stores a payment given `series` or `serie` and lists it with `serie` and a new integer id', async () => {
      const base = { [kind.owner]: owner, tokenAddress: first.tokenAddress, amount: 10.5, type: 'JUROS' }
      const a = await target().send('POST', kind.path, { body: { ...base, series: 'MEZANINO' } })
      const b = await target().send('POST', kind.path, {
        body: { ...base, serie: 'SUBORDINADA', hash: HASH_A, status: 'PAID', date: '2026-01-05T10:00:00-03:00' },
      })
      expect(a.status).toBe(200)
      expect(a.json).toMatchObject({ status: 'success' })
      expect(typeof a.json.message).toBe('string')
      expect(b.json.id).toBe(a.json.id + 1)
      const maxSeeded = Math.max(...kind.seeded.map((payment) => payment.id))
      expect(a.json.id).toBe(maxSeeded + 1)
      const listed = (await target().send('GET', listPath())).json
      expect(listed.at(-2)).toEqual({
        id: a.json.id,
        [kind.owner]: owner,
        tokenAddress: first.tokenAddress,
        date: '2026-03-02T12:00:00.000Z',
        status: 'PENDING',
        amount: 10.5,
        serie: 'MEZANINO',
        type: 'JUROS',
      })
      expect(listed.at(-1)).toEqual({
        id: b.json.id,
        [kind.owner]: owner,
        tokenAddress: first.tokenAddress,
        hash: HASH_A,
        date: '2026-01-05T10:00:00-03:00',
        status: 'PAID',
        amount: 10.5,
        serie: 'SUBORDINADA',
        type: 'JUROS',
      })
    })

    it('stores a payment with only the required fields: PENDING, dated by the clock', async () => {
      const created = await target().send('POST', kind.path, {
        body: { [kind.owner]: UNKNOWN_ADDRESS, tokenAddress: first.tokenAddress },
      })
      expect(created.status).toBe(200)
      const listed = await target().send('GET', listPath(UNKNOWN_ADDRESS))
      expect(listed.json).toEqual([
        {
          id: created.json.id,
          [kind.owner]: UNKNOWN_ADDRESS,
          tokenAddress: first.tokenAddress,
          date: '2026-03-02T12:00:00.000Z',
          status: 'PENDING',
        },
      ])
    })

    it('answers [] for well-formed addresses with no payments, and finds payments whatever the address casing', async () => {
      expect((await target().send('GET', listPath(UNKNOWN_ADDRESS))).json).toEqual([])
      expect((await target().send('GET', listPath(owner, UNKNOWN_ADDRESS))).json).toEqual([])
      const upper = `0x${owner.slice(2).toUpperCase()}`
      expect((await target().send('GET', listPath(upper))).json.length).toBeGreaterThan(0)
    })

    const invalidCreations: [string, Record<string, unknown>, RegExp][] = [
      ['a missing owner', { tokenAddress: first.tokenAddress }, new RegExp(`body\\.${kind.owner} is required`)],
      ['a missing tokenAddress', { [kind.owner]: owner }, /body\.tokenAddress is required/],
      [
        'a malformed owner ADDRESS',
        { [kind.owner]: '0xZZ', tokenAddress: first.tokenAddress },
        new RegExp(`body\\.${kind.owner} must be an ADDRESS`),
      ],
      [
        'a malformed HASH',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, hash: '0x1234' },
        /body\.hash must be a HASH/,
      ],
      [
        'a date that is not a date-time',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, date: '2026-03-01' },
        /body\.date must be an ISO 8601 date-time/,
      ],
      [
        'an amount given as a string',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, amount: '10' },
        /body\.amount must be a number, got "10"/,
      ],
      [
        'a negative amount',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, amount: -1 },
        /body\.amount must be a number ≥ 0/,
      ],
      [
        'an unknown status',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, status: 'DONE' },
        /body\.status must be one of PENDING, PAID, FAILED, CANCELED/,
      ],
      [
        'an unknown series',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, serie: 'JUNIOR' },
        /body\.serie must be one of SENIOR/,
      ],
      [
        'an unknown type',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, type: 'TAXA' },
        /body\.type must be one of AMORTIZACAO, JUROS/,
      ],
      [
        '`series` and `serie` that disagree',
        { [kind.owner]: owner, tokenAddress: first.tokenAddress, series: 'SENIOR', serie: 'MEZANINO' },
        /body\.serie disagrees with series/,
      ],
    ]
    for (const [what, body, message] of invalidCreations) {
      it(`refuses a creation with ${what} (400) and stores nothing`, async () => {
        const before = (await target().send('GET', listPath())).json
        const reply = await target().send('POST', kind.path, { body })
        expect(expectErrorShape(reply, 400)).toMatch(message)
        expect((await target().send('GET', listPath())).json).toEqual(before)
      })
    }

    it('refuses malformed JSON and a missing body with 400', async () => {
      expect(expectErrorShape(await target().send('POST', kind.path, { body: '{"tokenAddress":' }), 400)).toMatch(
        /not valid JSON/,
      )
      expect(expectErrorShape(await target().send('POST', kind.path), 400)).toMatch(/body is required/)
    })

    it('refuses malformed addresses in the list path with 400 naming the parameter', async () => {
      expect(expectErrorShape(await target().send('GET', listPath('0x12')), 400)).toMatch(
        /path parameter address must be an ADDRESS/,
      )
      expect(expectErrorShape(await target().send('GET', listPath(owner, 'nope')), 400)).toMatch(
        /path parameter tokenAddress must be an ADDRESS/,
      )
    })

    it('updates a payment; the change shows on the next read', async () => {
      const reply = await target().send('PUT', `${kind.path}/${kind.putAddress(pending)}/${pending.id}`, {
        body: update,
      })
      expect(reply.status).toBe(200)
      expect(reply.json).toEqual(kind.updated(pending.id))
      const listed = (await target().send('GET', `${kind.path}/${String(pending[kind.owner])}/${pending.tokenAddress}`))
        .json
      expect(listed.find((payment: { id: number }) => payment.id === pending.id)).toEqual({ ...pending, ...update })
    })

    it('creates a payment, reads it, updates it twice and reads each change back', async () => {
      const body = { [kind.owner]: owner, tokenAddress: first.tokenAddress, amount: 10, serie: 'SENIOR', type: 'JUROS' }
      const created = await target().send('POST', kind.path, { body })
      expect(created.status).toBe(200)
      const id: number = created.json.id
      const listed = async () =>
        (await target().send('GET', listPath())).json.find((payment: { id: number }) => payment.id === id)
      expect(await listed()).toEqual({ id, ...body, date: '2026-03-02T12:00:00.000Z', status: 'PENDING' })
      // The created record is a written one: its updates go through the store's update path.
      const path = `${kind.path}/${kind.putAddress({ id, status: 'PENDING', ...body } as SeededPayment)}/${id}`
      const pendingUpdate = { ...update, status: 'PENDING', amount: 20 }
      for (const change of [pendingUpdate, update]) {
        const reply = await target().send('PUT', path, { body: change })
        expect(reply.status).toBe(200)
        expect(reply.json).toEqual(kind.updated(id))
        expect(await listed()).toEqual({ id, ...body, ...change })
      }
    })

    it('answers 404 for an unknown id or an address the payment does not belong to', async () => {
      expectErrorShape(
        await target().send('PUT', `${kind.path}/${kind.putAddress(pending)}/99999`, { body: update }),
        404,
      )
      expectErrorShape(
        await target().send('PUT', `${kind.path}/${UNKNOWN_ADDRESS}/${pending.id}`, { body: update }),
        404,
      )
    })

    const invalidUpdates: [string, string, unknown, RegExp][] = [
      ['a non-integer id', 'abc', update, /path parameter id must be an integer id/],
      ['a fractional id', '1.5', update, /path parameter id must be an integer id/],
      ['a missing hash', 'ID', { ...update, hash: undefined }, /body\.hash is required/],
      ['a missing status', 'ID', { ...update, status: undefined }, /body\.status is required/],
      [
        'a missing date and amount',
        'ID',
        { hash: HASH_A, status: 'PAID' },
        /body\.date is required; body\.amount is required/,
      ],
      ['a malformed date', 'ID', { ...update, date: 'yesterday' }, /body\.date must be an ISO 8601 date-time/],
    ]
    for (const [what, id, body, message] of invalidUpdates) {
      it(`refuses an update with ${what} (400) and changes nothing`, async () => {
        const path = `${kind.path}/${kind.putAddress(pending)}/${id === 'ID' ? pending.id : id}`
        const reply = await target().send('PUT', path, { body })
        expect(expectErrorShape(reply, 400)).toMatch(message)
        const listed = (
          await target().send('GET', `${kind.path}/${String(pending[kind.owner])}/${pending.tokenAddress}`)
        ).json
        expect(listed.find((payment: { id: number }) => payment.id === pending.id)).toEqual(pending)
      })
    }

    it('refuses to move a PAID payment back to PENDING (400), leaving it as it was', async () => {
      const reply = await target().send('PUT', `${kind.path}/${kind.putAddress(paid)}/${paid.id}`, {
        body: { ...update, status: 'PENDING' },
      })
      expect(expectErrorShape(reply, 400)).toMatch(/from PAID to PENDING/)
      const listed = (await target().send('GET', `${kind.path}/${String(paid[kind.owner])}/${paid.tokenAddress}`)).json
      expect(listed.find((payment: { id: number }) => payment.id === paid.id)).toEqual(paid)
    })
  })
}
