#!/usr/bin/env node
// The standalone server: the prebuilt bundle (and a rebuild when sources changed) via scripts/start.mjs.
await import('../scripts/start.mjs')
