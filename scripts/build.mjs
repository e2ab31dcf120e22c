/**
 * Bundles the standalone server's CLI into dist/ with esbuild (msw in a chunk of its own), so that
 * `npm start` runs one prebuilt file instead of compiling ~300 TypeScript modules through tsx at
 * every start. Run by `npm install` (prepare) and, when sources changed, by scripts/start.mjs.
 */
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const entries = { cli: 'src/runtimes/cli/main.ts' }

export async function buildCli() {
  const { build } = await import('esbuild')
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(root, path)])),
    outdir: join(root, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // msw (and graphql, tough-cookie…) is imported only for the msw engine: keep it in a chunk
    // the direct engine never loads.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS dependencies may call require(); give them one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now()
  await buildCli()
  console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`)
}
