/**
 * The package's build (`npm run build`, run by `prepare` and so by `npm install` and `npm pack`),
 * with tsdown: a bundler made for libraries that writes ESM and bundled `.d.ts` from the same
 * sources (rolldown for the JavaScript, the TypeScript compiler for the declarations).
 *
 * - `library`: the five entries of the exports map, with their declarations. Dependencies and peer
 *   dependencies (msw, @playwright/test, @msw/playwright) stay imports, so an app that also uses
 *   zod, faker or msw gets one copy of each, and Playwright's test runner is the user's own.
 * - `cli`: the command (`dist/cli/cli.js`, the package bin). Same modules, but zod is bundled in and the
 *   file minified: a start then reads one file instead of zod's ~100 modules, which is what keeps
 *   start to first response within twice a bare node:http server's (docs/performance.md). msw,
 *   @msw/data and faker stay imports; the world generator (with faker's largest locales) loads
 *   only when a world is generated.
 * - `dashboard`: the page `GET /__sim/ui` serves (src/dashboard/, browser code), one minified ES
 *   module with Preact bundled in, and its style sheet, in `dist/dashboard/`: the package ships every
 *   file the page loads, so it works offline.
 */
import { defineConfig } from 'tsdown'

const common = {
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  fixedExtension: false,
  // The declarations' build is slow by nature; rolldown's note saying so is noise.
  inputOptions: { checks: { pluginTimings: false } },
} as const

export default defineConfig([
  {
    ...common,
    name: 'library',
    entry: {
      index: 'src/index.ts',
      node: 'src/runtimes/node.ts',
      browser: 'src/runtimes/browser.ts',
      standalone: 'src/runtimes/standalone/index.ts',
      playwright: 'src/runtimes/playwright/index.ts',
    },
    dts: true,
    clean: true,
  },
  {
    ...common,
    name: 'cli',
    dts: false,
    entry: { cli: 'src/runtimes/cli/main.ts' },
    // Its own folder with stable names, so that `npm start` (which rebuilds only this) replaces its files.
    outDir: 'dist/cli',
    hash: false,
    clean: true,
    deps: { alwaysBundle: ['zod'] },
    minify: true,
    sourcemap: false,
  },
  {
    ...common,
    name: 'dashboard',
    platform: 'browser',
    target: 'es2022',
    dts: false,
    entry: { dashboard: 'src/dashboard/main.tsx' },
    outDir: 'dist/dashboard',
    hash: false,
    clean: true,
    minify: true,
    sourcemap: false,
    copy: [{ from: 'src/dashboard/dashboard.css', to: 'dist/dashboard' }],
  },
])
