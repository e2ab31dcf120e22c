/**
 * `npm run build` (run by `prepack`, so by `npm pack`, `npm publish` and a git install; not by
 * `npm install`, so installing the tarball lists no install script): the library with tsdown
 * (tsdown.config.ts: the entries of the exports map, ESM and CommonJS, and their declarations),
 * its largest chunks again as scripts for Node's code cache (scripts/build-node-chunks.mjs), then
 * the command and the dashboard with esbuild (scripts/build-apps.mjs).
 *
 * tsdown through its API rather than its command: the command prints, on Node < 22.18, that its
 * NEXT minor will drop those versions. The version this package pins (^0.21, see package.json)
 * supports Node ≥ 20.19 (its engines field), so on the Node versions the README supports the line
 * would be a warning about nothing this build does.
 */
import { build } from 'tsdown'
import { buildApps } from './build-apps.mjs'
import { buildNodeChunks } from './build-node-chunks.mjs'

await build({ logLevel: 'warn' })
await buildNodeChunks()
await buildApps()
