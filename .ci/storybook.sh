#!/usr/bin/env bash
# examples/storybook as its users run it, on the package built from this checkout: the example's own
# lockfile installed (debt-token-simulator copied in from ../.. by install-links, as from the
# registry), its types checked (src/parameters.typecheck.ts: a misspelt parameters.simulator option
# must fail to compile), `storybook build`, every built story and docs page loaded in headless
# Chromium from 127.0.0.1 (check-stories.mjs: no story error, each shows what its parameters asked
# for), then the stories as tests through Storybook's vitest addon. Chromium: CHROMIUM_PATH, else
# /usr/bin/chromium (.ci/run installs it). Run from anywhere, after the repository's `npm ci`.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
started=$SECONDS
step() { printf '\nstorybook: %s (at %ss)\n' "$*" "$((SECONDS - started))"; }

step "build the package (dist/ is what the example installs)"
(cd "$repo" && node scripts/build.mjs --if-stale)
cd "$repo/examples/storybook"
step "npm ci"
# --ignore-scripts: nothing the example installs needs an install script (the msw worker is
# committed in public/), and the package's own `prepare` already ran above.
npm ci --ignore-scripts
step "tsc"
npm run -s typecheck
step "storybook build"
rm -rf storybook-static
npm run -s build-storybook
step "every built entry in Chromium"
node check-stories.mjs
step "the stories as tests (vitest addon)"
npm run -s test-storybook
step "done"
