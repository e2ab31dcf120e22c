// The behaviour suite (conformance.mjs, bundled by scripts/bundle-conformance.mjs) under vitest,
// against the installed package; .ci/consumer.sh runs it in each of vitest's pools.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { conformance } from './conformance.mjs'

conformance({ afterAll, beforeAll, beforeEach, describe, expect, it })
