// The behaviour suite (conformance-chromium.mjs) under node:test against the package's browser
// entry in headless Chromium: the page in ./chromium-page was bundled from this project's packages.
import { after, before, beforeEach, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { expect } from 'expect'
import { conformance } from './conformance-chromium.mjs'

const page = fileURLToPath(new URL('./chromium-page/', import.meta.url))
conformance({ afterAll: after, beforeAll: before, beforeEach, describe, expect, it }, page)
