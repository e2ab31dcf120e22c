/**
 * Where the standalone server finds the dashboard's built files: up from this module to the package's own
 * package.json, as it runs from src/, dist/, dist/cli/ or node_modules. Each file is read once and kept.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DashboardAssets, DashboardFile } from './dashboard-assets.ts'

const PACKAGE_NAME = 'debt-token-simulator'

/** The package's root directory, or undefined when this module does not sit in it. */
function packageRoot(from: string): string | undefined {
  let dir = from
  for (let depth = 0; depth < 6; depth++) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) return dir
      } catch {
        // not ours
      }
    }
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
  return undefined
}

/** The dashboard's files from `directory` (default: this package's dist/dashboard/). */
export function dashboardAssets(directory?: string): DashboardAssets {
  const cache = new Map<DashboardFile, string | undefined>()
  let resolved = directory
  let root: string | undefined
  return {
    read(name) {
      if (cache.has(name)) return cache.get(name)
      root ??= packageRoot(dirname(fileURLToPath(import.meta.url))) ?? '.'
      resolved ??= join(root, 'dist', 'dashboard')
      const file = name === 'scenario.schema.json' ? join(root, 'scenarios', name) : join(resolved, name)
      const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined
      // A missing file is looked for again next time: `npm run build` may run while the server does.
      if (text !== undefined) cache.set(name, text)
      return text
    },
  }
}
