/**
 * Compiled by `npm run typecheck` and never run: `parameters.simulator` is typed, so a misspelt
 * option or a wrong kind of value fails to compile. Each `@ts-expect-error` fails the check if the
 * line below it compiles.
 */
import type { Meta } from '@storybook/react-vite'

export const typed = {
  parameters: { simulator: { seed: 7, now: '2026-06-01T12:00:00Z', size: 10, scenario: 'slow-backend' } },
} satisfies Meta

export const misspeltOption = {
  // @ts-expect-error `sede` is not an option of parameters.simulator
  parameters: { simulator: { sede: 7 } },
} satisfies Meta

export const wrongKind = {
  // @ts-expect-error size is a number
  parameters: { simulator: { size: '500' } },
} satisfies Meta

export const misspeltState = {
  parameters: {
    // @ts-expect-error the factories' states are awaiting, active, listed, overdue, settled
    simulator: { world: (s) => s.create.debtTokens({}, { state: 'late' }) },
  },
} satisfies Meta
