/**
 * Hands the world generator and the factories to the simulator by importing them. The sources and
 * the CommonJS build import this module with the Node entries; the ES build replaces that import
 * with node-generator.required.ts (tsdown.config.ts) and builds this module as its own entry
 * (dist/generator.js), which that loader requires on the first generated value.
 */
import * as factories from '../../factories/create-records.ts'
import { provideFactories } from '../../factories/factory-loader.ts'
import * as generator from '../../model/generate-world.ts'
import { provideWorldGenerator } from '../../model/world-generator.ts'

provideWorldGenerator(generator)
provideFactories(factories)
