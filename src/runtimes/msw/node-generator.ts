/**
 * Hands the world generator and the factories to the simulator by importing them. The ES build puts
 * node-generator.required.ts in its place, which requires this module as dist/generator.js (decision 0025).
 */
import * as factories from '../../factories/create-records.ts'
import { provideFactories } from '../../factories/factory-loader.ts'
import * as generator from '../../model/generate-world.ts'
import { provideWorldGenerator } from '../../model/world-generator.ts'

provideWorldGenerator(generator)
provideFactories(factories)
