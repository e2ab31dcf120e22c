// The behaviour suite (conformance.mjs) under node:test, with `expect` from the `expect` package.
import { after, before, beforeEach, describe, it } from 'node:test'
import { expect } from 'expect'
import { conformance } from './conformance.mjs'

conformance({ afterAll: after, beforeAll: before, beforeEach, describe, expect, it })
