/** The composition root (decision 0029): the core from the options, then each wing attached to it. */
import type { Wing } from '../control/wing.ts'
import { createSimulatorCore, type SimulatorCore, type SimulatorOptions } from '../simulator-core.ts'

/**
 * Builds the core from `options`, then attaches each wing, which reads its own part of them (the
 * list's `WingsOptions` names every part).
 */
export function composeSimulator(options: SimulatorOptions, wings: readonly Wing<never>[]): SimulatorCore {
  const simulator = createSimulatorCore(options)
  // Assigned onto the core object itself, so its getters (model, scenario) keep working.
  for (const wing of wings) Object.assign(simulator, wing.attach(simulator, options as never))
  return simulator
}
