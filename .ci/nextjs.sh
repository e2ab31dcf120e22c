#!/usr/bin/env bash
# examples/nextjs as its users run it, on the package built from this checkout: the example's own
# lockfile installed (debt-token-simulator copied in from ../.. by install-links, as from the
# registry), then its `npm test`: Playwright's webServer runs `next build` (its type check included)
# and `next start`, whose instrumentation.ts starts the simulator, and the tests run against both in
# headless Chromium, two workers, each test in a session of its own (debt-token-simulator/playwright,
# shared-server mode). Chromium: CHROMIUM_PATH, else /usr/bin/chromium (.ci/run installs it).
# Run from anywhere, after the repository's `npm ci`.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# The repository's Node 22 (its `node` devDependency) first: the package needs Node >= 22.12, and
# Next, Playwright and npm's scripts then run on it whatever the machine's own Node is.
export PATH="$repo/node_modules/.bin:$PATH"
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
started=$SECONDS
step() { printf '\nnextjs: %s (at %ss)\n' "$*" "$((SECONDS - started))"; }
echo "nextjs: node $(node --version)"

step "build the package (dist/ is what the example installs)"
(cd "$repo" && node scripts/build.mjs --if-stale)
cd "$repo/examples/nextjs"
step "npm ci"
# --ignore-scripts: nothing the example installs needs an install script (Next's SWC binary and
# sharp's come as plain optional packages), and the package's own `prepare` already ran above.
npm ci --ignore-scripts
# Free ports for the app and the simulator, so that a `next dev` on 3000 or a simulator on 4010
# elsewhere on the machine is neither hit nor reused. The build inlines NEXT_PUBLIC_API_URL.
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })'; }
PORT=$(free_port)
NEXT_PUBLIC_API_URL="http://127.0.0.1:$(free_port)"
export PORT NEXT_PUBLIC_API_URL
step "npm test: next build, next start (app on $PORT, simulator on $NEXT_PUBLIC_API_URL), playwright test"
rm -rf .next test-results
# Its output as it comes, with a step line when the build is over and `next start` begins.
npm test 2>&1 | while IFS= read -r line; do
  printf '%s\n' "$line"
  case $line in *'> next start'*) step "next build done: next start, then the tests" ;; esac
done
step "done"
