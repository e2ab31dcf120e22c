/**
 * The debt-token list in the worlds a frontend meets: the seeded one, an overdue token, a slow
 * answer, a network error, a large generated world and a list of 500 tokens. Each story's world
 * comes from its `parameters.simulator`; its `world` function's object fills the component's props.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Simulator } from 'debt-token-simulator/storybook'
import { expect } from 'storybook/test'
import { DebtTokenList } from './DebtTokenList'

/** The first security token (fund) of the world, the one the list shows. */
const firstFund = (s: Simulator) => {
  const [fund] = s.state({ table: 'securityTokens', limit: 1 }).tables.securityTokens as { contractAddress: string }[]
  if (fund === undefined) throw new Error('the world has no security token')
  return { securityTokenAddress: fund.contractAddress }
}

const meta = {
  title: 'Debt tokens/List',
  component: DebtTokenList,
  tags: ['autodocs'],
} satisfies Meta<typeof DebtTokenList>

export default meta
// The address comes from the world (withSimulatorArgs), so no story writes it: every arg optional.
type Story = StoryObj<Meta<typeof DebtTokenList>>

/** The bundled fixtures: the first fund backs four debt tokens. */
export const NormalWorld: Story = {
  parameters: { simulator: { world: firstFund } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('4 debt tokens')).toBeVisible()
  },
}

/** One debt token whose latest parcel fell due unpaid, on a clock three months on. */
export const Overdue: Story = {
  parameters: {
    simulator: {
      now: '2026-06-01T12:00:00Z',
      world: async (s) => {
        const token = await s.create.debtTokens({}, { state: 'overdue' })
        return { securityTokenAddress: token.securityTokenAddress as string }
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('1 debt token')).toBeVisible()
    await expect(canvas.getByText(/overdue/)).toBeVisible()
  },
}

/** The list answers after 1.5 s: the component shows that it is loading, then the list. */
export const SlowAnswer: Story = {
  parameters: {
    simulator: {
      world: firstFund,
      scenario: {
        description: 'The debt-token list answers late.',
        rules: [{ operation: 'listSecurityTokenDebtTokens', delayMs: 1500 }],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading debt tokens')
    await expect(await canvas.findByText('4 debt tokens', {}, { timeout: 5000 })).toBeVisible()
  },
}

/** The connection drops: fetch rejects and the component says so. */
export const NetworkError: Story = {
  parameters: {
    simulator: {
      world: firstFund,
      scenario: {
        description: 'The debt-token list never answers.',
        rules: [{ operation: 'listSecurityTokenDebtTokens', networkError: true }],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load debt tokens')
  },
}

/** A generated world of 500 debt tokens over five funds: the first fund backs 100. */
export const LargeWorld: Story = {
  parameters: { simulator: { seed: 7, size: 500, world: firstFund } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('100 debt tokens', {}, { timeout: 5000 })).toBeVisible()
  },
}

/** 500 debt tokens made by the factory under one fund. */
export const FiveHundredTokens: Story = {
  parameters: {
    simulator: {
      world: async (s) => {
        const tokens = await s.createMany.debtTokens(500)
        return { securityTokenAddress: tokens[0]?.securityTokenAddress as string }
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('500 debt tokens', {}, { timeout: 5000 })).toBeVisible()
  },
}
