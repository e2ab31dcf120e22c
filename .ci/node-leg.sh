#!/usr/bin/env bash
# A further CI leg: what another Node and msw, given as arguments, can change:
#   bash .ci/node-leg.sh <node version> <msw version>
# Run from the repository root after `npm ci` (whose baseline is the lockfile's Node 22 and msw 2).
#
# The leg runs every vitest project but `types` (the compiler's messages do not depend on Node) and
# `fuzz` (generated requests against the same code; the full run has them), with the browser project
# narrowed to its smoke file (SIM_TEST_BROWSER=smoke, vitest.config.ts: msw's worker in Chromium),
# and property tests at their quick count (PROPERTY_RUNS=quick): the full counts ran once, on Node 22. Biome, knip, Redocly and `tsc` do not run: none depends on the Node
# the scripts run on, and `npm test` ran them once. The whole browser project ran there too.
#
# The npm package `node` provides the Node binary at node_modules/.bin/node, which npm scripts put
# first on PATH, so the tests (the build, vitest, the browser test's esbuild and Chromium driver)
# run on it; npm itself keeps running on the machine's Node, hence EBADENGINE warnings for packages
# whose floor is above it. Both packages are installed with --no-save, so package.json and
# package-lock.json stay untouched; on the way out, even after a failure, `npm ci` puts
# node_modules back to the lockfile's baseline for later steps, unless NODE_LEG_RESTORE=no (CI's
# last steps, where nothing runs after the legs: a leg installs both versions it needs itself).
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_VERSION=${1:?usage: node-leg.sh <node version> <msw version>}
MSW_VERSION=${2:?usage: node-leg.sh <node version> <msw version>}

restore_baseline() {
  local status=$?
  trap - EXIT
  echo "node-leg: restoring the baseline (npm ci)"
  npm ci --no-audit --no-fund || status=$?
  exit "$status"
}
[ "${NODE_LEG_RESTORE:-yes}" = no ] || trap restore_baseline EXIT

started=$SECONDS
npm i --no-save --no-audit --no-fund "msw@$MSW_VERSION" "node@$NODE_VERSION"

node_in_scripts=$(npm exec -- node --version)
msw_installed=$(npm exec -- node -p "require('msw/package.json').version")
echo "node-leg: msw $msw_installed, Node $node_in_scripts in npm scripts (npm on the machine's Node $(node --version))"
if [[ $node_in_scripts != "v$NODE_VERSION" || $msw_installed != "$MSW_VERSION" ]]; then
  echo "node-leg: expected msw $MSW_VERSION on Node v$NODE_VERSION" >&2
  exit 1
fi

PROPERTY_RUNS=quick SIM_TEST_BROWSER=smoke npm exec -- vitest run --project unit --project unit-isolated --project loopback --project loopback-isolated --project process --project vm-threads --project vm-forks --project browser
echo "node-leg: passed on msw $msw_installed and Node $node_in_scripts in $((SECONDS - started)) s"
