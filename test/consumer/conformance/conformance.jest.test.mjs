// The behaviour suite (conformance.mjs) under Jest in ESM mode, with Jest's globals.
import { conformance } from './conformance.mjs'

conformance({ afterAll, beforeAll, beforeEach, describe, expect, it })
