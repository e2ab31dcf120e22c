/**
 * The user's project every cold figure runs in: a fresh directory with the packed package
 * (`npm pack`, so the files a user installs) and msw, @playwright/test and @msw/playwright at the
 * repository's versions installed from the registry, as `npm install` gives a user; vitest is the
 * repository's own, linked in. Beside the package's bin, a bare node:http server's bin (the floor
 * of a start). Each baseline runs in the same project, so both sides resolve the same msw.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A bin script starting a bare node:http server on the --port and --host it is given. */
const BARE_STARTUP_BIN = `#!/usr/bin/env node
const a = process.argv
require('node:http').createServer((q, s) => s.end('[]')).listen(+a[a.indexOf('--port') + 1], a[a.indexOf('--host') + 1])
`

export interface Project {
  dir: string
  /** The msw version installed, which both sides of every figure resolve. */
  msw: string
  /** node_modules/.bin of the project. */
  bin: string
}

/**
 * Packs the repository (its `prepack` builds dist/) and installs it in `work`/project, with `msw`
 * at that version when given (another major the package supports), else the repository's.
 */
export function installedProject(root: string, work: string, mswVersion?: string): Project {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  if (mswVersion !== undefined) manifest.devDependencies.msw = mswVersion
  execFileSync('npm', ['pack', '--pack-destination', work, '--loglevel=error'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const tarball = join(work, `debt-token-simulator-${manifest.version}.tgz`)
  const dir = join(work, 'project')
  mkdirSync(dir)
  writeFileSync(join(dir, 'package.json'), '{ "name": "bench-project", "private": true, "type": "module" }\n')
  // @msw/playwright's peer range is msw 2's: with another msw it is left out (so is the Playwright part).
  const peers = ['msw', ...(mswVersion === undefined ? ['@msw/playwright'] : []), '@playwright/test'].map(
    (name) => `${name}@${manifest.devDependencies[name]}`,
  )
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball, ...peers], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // The repository's vitest (and what it imports, through the link's real path).
  symlinkSync(join(root, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'), 'dir')
  const bin = join(dir, 'node_modules', '.bin')
  // CommonJS, as the package's bin is an ES module: each runs as Node would run it.
  writeFileSync(join(bin, 'bare-http.cjs'), BARE_STARTUP_BIN)
  chmodSync(join(bin, 'bare-http.cjs'), 0o755)
  const installed = JSON.parse(readFileSync(join(dir, 'node_modules', 'msw', 'package.json'), 'utf8'))
  return { dir, bin, msw: installed.version as string }
}
