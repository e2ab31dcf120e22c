/**
 * The payment form: a payment the API stores, and one a scenario refuses. The fund is made by the
 * story's `world` function and reaches the form as its `fund` prop.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Simulator } from 'debt-token-simulator/storybook'
import { expect } from 'storybook/test'
import { type Fund, PaymentForm } from './PaymentForm'

const aFund = async (s: Simulator) => ({
  fund: (await s.create.securityTokens({ tokenName: 'FIDC Safra Agro' })) as Fund,
})

const meta = {
  title: 'Payments/Form',
  component: PaymentForm,
  tags: ['autodocs'],
} satisfies Meta<typeof PaymentForm>

export default meta
// `fund` comes from the world (withSimulatorArgs), so no story writes it: every arg optional.
type Story = StoryObj<Meta<typeof PaymentForm>>

/** The API stores the payment and answers its id. */
export const Stored: Story = {
  parameters: { simulator: { world: aFund } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay' }))
    await expect(await canvas.findByRole('status')).toHaveTextContent(/Payment \d+ stored/)
  },
}

/** The fund's payments are refused: a scenario answers every manager payment 400. */
export const Refused: Story = {
  parameters: {
    simulator: {
      world: aFund,
      scenario: {
        description: "The fund's payments are refused.",
        rules: [
          {
            operation: 'createManagerPayment',
            respond: { status: 400, message: 'Insufficient balance in vault for amortization payment' },
          },
        ],
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Payment refused: Insufficient balance in vault')
  },
}
