/**
 * `npm run build` (run by `prepack`, so by `npm pack`, `npm publish` and a git install; not by
 * `npm install`, so installing the tarball lists no install script): the library with tsdown
 * (tsdown.config.ts: the entries of the exports map, ESM and CommonJS, and their declarations),
 * then the command and the dashboard with esbuild (scripts/build-apps.mjs).
 */
import { build } from 'tsdown'
import { buildApps } from './build-apps.mjs'

await build({ logLevel: 'warn' })
await buildApps()
