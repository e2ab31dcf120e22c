/**
 * What a wing is to the composition root (src/wings/compose.ts, decision 0029): it attaches to a
 * simulator once the core is made. The decision's other hooks come as the wings move behind it.
 */
import type { SimulatorCore, SimulatorOptions } from '../simulator-core.ts'

export interface Wing<Options extends object = SimulatorOptions> {
  readonly name: string
  /** Adds this wing to `simulator`; the members it returns are assigned onto it (its surface). */
  attach(simulator: SimulatorCore, options: Options): object
}
