/** Builds dist/ once before the tests (`npm run build`), so those that run the package's command or entries run today's sources. */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export default function setup(): void {
  const root = fileURLToPath(new URL('../', import.meta.url))
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' })
}
