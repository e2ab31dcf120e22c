// The behaviour suite (conformance.cjs, bundled by scripts/bundle-conformance.mjs) under Jest in
// CommonJS, with Jest's globals; .ci/consumer.sh runs it with the README's jest.config.js and with jsdom.
const { conformance } = require('./conformance.cjs')

conformance({ afterAll, beforeAll, beforeEach, describe, expect, it })
