#!/usr/bin/env bash
# The package as its users meet it: `npm pack`, the tarball installed into fresh temporary projects,
# and used from there. Run from anywhere; needs the repository's node_modules (npm ci) for the pack.
#
#  1. publint (--strict) and @arethetypeswrong/cli (its default profile: ESM and CommonJS, node10
#     included) on the package.
#  2. A consumer project ("type": "module"; msw 2, typescript, @types/node, vitest, jest), on Node
#     22 (npm's `node` package, as below for Node 24: the package requires Node >= 22.12 and the
#     machine's own may be older): the README's example (test/consumer/readme-example.mjs writes it
#     out per runner) under vitest, Jest in ESM mode and node:test; the behaviour suite
#     (test/conformance, bundled by scripts/bundle-conformance.mjs with the package and msw left to
#     the project) under vitest in each pool (threads, forks, vmThreads, vmForks), Jest in ESM mode
#     and node:test; API coverage parts from a vitest suite of three files in parallel workers and a
#     Jest suite, merged by `coverage report` (test/consumer/coverage); the entries from plain Node with no loader, the CommonJS standalone entry
#     included (dashboard and API), on Node 22 and on exactly Node 22.12.0 (the engines floor); tsc
#     --noEmit under create-vite's vanilla-ts
#     tsconfig (taken from the create-vite package; Node's types absent; test/consumer/src holds a
#     frontend module and an openapi-fetch client over the package's `paths`, which
#     openapi-fetch.test.ts runs over every operation against the standalone server), the tsconfig `tsc --init`
#     writes, and strict NodeNext with exactOptionalPropertyTypes (the typed client and the README's
#     example included, so its `import type` and annotation compile); docs/browser.md's step-2
#     sample (readme-example.mjs browser-start) under the vanilla-ts tsconfig with msw 2, and in
#     step 3 with msw 3; the command: --version,
#     scenarios, scenarios init (its $schema a file from there), serve, and replay of a shipped
#     scenario against it; no install script in the package. Then @playwright/test and
#     @msw/playwright are added (everything before ran without them, which the main entries must
#     not need): a Playwright suite on debt-token-simulator/playwright under tsc (strict NodeNext,
#     `tsc --init`), and the entry imported from plain Node; the behaviour suite in headless
#     Chromium against debt-token-simulator/browser behind msw's worker (the test page bundled from
#     the project's packages).
#  3. The same project on Node 24 with msw 3: plain Node (ESM and the CommonJS standalone entry),
#     the example under vitest, Jest in ESM mode and node:test, and the Playwright entry imported
#     (shared-server mode works there; in-process mode needs msw 2); docs/browser.md's step-2 sample
#     under tsc with msw 3.
#  4. A CommonJS project (no "type"; msw 2, jest, jest-environment-jsdom, jest-fixed-jsdom): the
#     example and the behaviour suite require() the package under Jest. On Node 22 with the README's
#     jest.config.js: msw itself (2.12 and later) requires ES-module-only packages that Jest's
#     CommonJS runtime cannot load unless transformed, so Jest's bare defaults fail there on msw, not
#     on this package; the config lists only msw's, so the package must add none. Then the same
#     config with jsdom as msw documents it (jest-fixed-jsdom). On Node 24, with no config at all,
#     under --experimental-vm-modules (Jest then require()s ES modules itself): msw 2, then msw 3.
#  5. examples/jest as its users run it, on Node 22: a copy, the tarball with msw 3 and Jest
#     installed, its own `npm test` (Jest in ESM mode, which msw 3's ES-module-only code needs).
#  6. What `npm install -D debt-token-simulator msw` installs: packages and MB (README figure).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

# The versions the repository itself develops against, so the installs hit npm's cache.
dev_version() { node -p "require('./package.json').devDependencies['$1'].replace(/^[\\^~]/, '')"; }
MSW2=$(dev_version msw)
TYPESCRIPT=$(dev_version typescript)
VITEST=$(dev_version vitest)
TYPES_NODE=22
PLAYWRIGHT=$(dev_version @playwright/test)
MSW_PLAYWRIGHT=$(dev_version @msw/playwright)
MSW3=3.0.5
NODE24=24.21.0
# The Node the main checks run on, and the engines floor (package.json: node >= 22.12).
NODE22=$(dev_version node)
NODE_FLOOR=22.12.0
# Jest and what the README's Jest setup names; `expect` (Jest's, for node:test) at Jest's version.
JEST=30.5.2
JEST_FIXED_JSDOM=0.0.11
BABEL_CJS=7.29.14
CREATE_VITE=9.3.0
# The typed fetch client test/consumer/src/typed-client.ts uses with the package's `paths`.
OPENAPI_FETCH=0.17.0
VERSION=$(node -p "require('./package.json').version")

work=$(mktemp -d "${TMPDIR:-/tmp}/dts-consumer-XXXXXX")
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  # The background installs (below) still running after a failure.
  for pid in $(jobs -p); do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '\nconsumer: %s (at %ss)\n' "$*" "$SECONDS"; }
npm_quiet() { npm --no-audit --no-fund --loglevel=error "$@"; }

# npm's `node` package brings a Node binary, each in a directory of its own (an install into the
# consumer project would be pruned by the project's next install).
install_node() {
  mkdir -p "$work/node-$1"
  echo '{ "name": "node-toolchain", "private": true }' > "$work/node-$1/package.json"
  (cd "$work/node-$1" && npm_quiet install --no-save "node@$1" >/dev/null)
  [ "$("$work/node-$1/node_modules/.bin/node" --version)" = "v$1" ] || { echo "expected Node $1"; exit 1; }
}
step "Node $NODE22 for the checks below (the Node 24 leg apart), and Node $NODE_FLOOR, the engines floor"
# Node 22 is the repository's own (its `node` devDependency, the same version): linked, not fetched again.
[ "$(node -p "require('./node_modules/node/package.json').version")" = "$NODE22" ] || { echo "expected the repository's node $NODE22"; exit 1; }
mkdir -p "$work/node-$NODE22/node_modules/.bin"
ln -s "$repo/node_modules/node/bin/node" "$work/node-$NODE22/node_modules/.bin/node"
install_node "$NODE_FLOOR"
node_floor="$work/node-$NODE_FLOOR/node_modules/.bin/node"
export PATH="$work/node-$NODE22/node_modules/.bin:$PATH"
echo "node on PATH: $(node --version); npm $(npm --version) runs on it"

step "npm pack (prepack builds dist/)"
npm_quiet pack --pack-destination "$work" >/dev/null
tarball=$(ls "$work"/debt-token-simulator-*.tgz)
echo "packed $(basename "$tarball") ($(du -k "$tarball" | cut -f1) KB)"

# Three projects of their own, installed in the background from here (their installs wait on the
# network and the disk more than on the CPU the checks below need); each is awaited where it is used.
background_install() { # <dir> <log> <package…>: npm install -D into a fresh project
  local dir=$1 log=$2
  shift 2
  (cd "$dir" && npm_quiet install -D "$@") >"$log" 2>&1
}
awaited() { # <pid> <log> <what>: the background install's end, its output on failure
  wait "$1" || { echo "consumer: installing $3 failed:" >&2; cat "$2" >&2; exit 1; }
}
jest_cjs="$work/jest-cjs"
mkdir -p "$jest_cjs"
cp "$repo"/test/consumer/jest-cjs/* "$jest_cjs/"
echo '{ "name": "jest-cjs-app", "private": true, "version": "0.0.0" }' >"$jest_cjs/package.json"
background_install "$jest_cjs" "$work/jest-cjs.log" "$tarball" "msw@$MSW2" "jest@$JEST" "jest-environment-jsdom@$JEST" \
  "jest-fixed-jsdom@$JEST_FIXED_JSDOM" "@babel/plugin-transform-modules-commonjs@$BABEL_CJS" &
jest_cjs_install=$!
example_jest="$work/example-jest"
# The example's files as the repository has them (not a node_modules or lockfile of a local run).
mkdir -p "$example_jest"
tar -C "$repo/examples/jest" --exclude=node_modules --exclude=package-lock.json -cf - . | tar -C "$example_jest" -xf -
background_install "$example_jest" "$work/example-jest.log" "$tarball" "msw@$MSW3" "jest@$JEST" &
example_jest_install=$!
sized="$work/sized"
mkdir -p "$sized"
echo '{ "name": "sized", "private": true, "type": "module" }' >"$sized/package.json"
background_install "$sized" "$work/sized.log" "$tarball" msw &
sized_install=$!

step "publint --strict, attw (default profile: ESM and CommonJS)"
npx publint --strict "$tarball"
npx attw "$tarball"

app="$work/app"
mkdir -p "$app"
cp -R "$repo/test/consumer/." "$app/"
cd "$app"
cat > package.json <<'JSON'
{ "name": "consumer-app", "private": true, "version": "0.0.0", "type": "module" }
JSON
step "install the tarball with msw@$MSW2 typescript@$TYPESCRIPT @types/node@$TYPES_NODE vitest@$VITEST jest@$JEST openapi-fetch@$OPENAPI_FETCH"
npm_quiet install -D "$tarball" "msw@$MSW2" "typescript@$TYPESCRIPT" "@types/node@$TYPES_NODE" "vitest@$VITEST" \
  "jest@$JEST" "expect@$JEST" "openapi-fetch@$OPENAPI_FETCH"

readme_example() { node "$repo/test/consumer/readme-example.mjs" "$repo/README.md" "$@"; }
readme_example vitest api.test.ts
readme_example jest-esm api.jest.test.js
readme_example node-test api.node-test.mjs
# Each runner on the Node given (default: the system's), the README's example file named above.
run_example_runners() {
  local node_bin=${1:-node}
  step "the README's example on Node $("$node_bin" --version) with msw $("$node_bin" -p "require('msw/package.json').version"): vitest"
  "$node_bin" node_modules/vitest/vitest.mjs run api.test.ts
  step "... Jest in ESM mode"
  "$node_bin" --experimental-vm-modules node_modules/jest/bin/jest.js --ci api.jest.test.js
  step "... node:test"
  "$node_bin" --test api.node-test.mjs
}
run_example_runners

step "the behaviour suite bundled for the project (scripts/bundle-conformance.mjs), the Chromium page from its packages"
node "$repo/scripts/bundle-conformance.mjs" conformance --chromium
# Jest's and vitest's default timeouts (5 s) are for one unit test; a case here sends dozens of requests.
for pool in threads forks vmThreads vmForks; do
  step "the behaviour suite under vitest --pool $pool"
  node node_modules/vitest/vitest.mjs run conformance/conformance.vitest.test.mjs --pool "$pool" \
    --testTimeout 120000 --hookTimeout 120000
done
step "the behaviour suite under Jest in ESM mode"
node --experimental-vm-modules node_modules/jest/bin/jest.js --ci --testTimeout 120000 \
  --runTestsByPath conformance/conformance.jest.test.mjs
step "the behaviour suite under node:test"
node --test conformance/conformance.node-test.mjs

step "openapi-fetch@$OPENAPI_FETCH over every operation of the document, the API's and the control API's, against the tarball's standalone server"
node node_modules/vitest/vitest.mjs run openapi-fetch.test.ts

step "API coverage parts: a vitest suite of three files (parallel workers) and a Jest suite write them into one directory, the command merges them"
rm -rf api-coverage api-coverage-sent api-coverage.json
DEBT_TOKEN_SIMULATOR_COVERAGE_DIR=api-coverage node node_modules/vitest/vitest.mjs run coverage/parts- --maxWorkers 3
node --experimental-vm-modules node_modules/jest/bin/jest.js --ci --runTestsByPath coverage/jest-part.test.mjs
npx debt-token-simulator coverage report api-coverage --json api-coverage.json --min-operations 1
node coverage/check-merged.mjs api-coverage api-coverage.json

step "plain Node $(node --version), no loader: the entries, and the CommonJS standalone entry"
node plain-node.mjs
node standalone.cjs
step "the entries on exactly Node $NODE_FLOOR, the engines floor: plain Node, the CommonJS standalone entry"
"$node_floor" plain-node.mjs
"$node_floor" standalone.cjs

step "tsc --noEmit: create-vite@$CREATE_VITE's vanilla-ts tsconfig (no Node types), TypeScript $TYPESCRIPT and 7"
npm_quiet pack "create-vite@$CREATE_VITE" --pack-destination "$work" >/dev/null
tar -xzf "$work"/create-vite-*.tgz -C "$work" package/template-vanilla-ts/tsconfig.json
# The template lists vite/client's types; vite is not installed here, and Node's types must not be
# needed, so the list is emptied. TypeScript 7 (the template's) makes strict the default: say it.
node -e '
  const fs = require("fs"); const [from, to] = process.argv.slice(1)
  const text = fs.readFileSync(from, "utf8").replace(/\/\*[\s\S]*?\*\//g, "")
  const config = JSON.parse(text)
  config.compilerOptions.types = []
  config.compilerOptions.strict = true
  fs.writeFileSync(to, JSON.stringify(config, null, 2))
' "$work/package/template-vanilla-ts/tsconfig.json" tsconfig.vanilla-ts.json
npx tsc --noEmit -p tsconfig.vanilla-ts.json
# The same sources with declaration files checked too (skipLibCheck off): nothing of ours needs Node.
npx tsc --noEmit -p tsconfig.vanilla-ts.json --skipLibCheck false
# And with TypeScript 7, the template's own compiler (the repository's typescript-native), likewise.
node "$repo/node_modules/typescript-native/bin/tsc" --version
node "$repo/node_modules/typescript-native/bin/tsc" --noEmit -p tsconfig.vanilla-ts.json --skipLibCheck false
step "tsc --noEmit: docs/browser.md's step-2 sample (worker.start's options) under the same tsconfig with msw@$MSW2"
readme_example browser-start browser-doc/main.ts
npx tsc --noEmit -p tsconfig.browser-doc.json

step "tsc: the tsconfig \`tsc --init\` writes, declarations emitted (TS4023 shows only on emit)"
mkdir init && cp src/browser-app.ts src/typed-client.ts node/server-setup.ts init/
(cd init && npx tsc --init >/dev/null && npx tsc -p . --outDir out && test -f out/server-setup.d.ts)

step "tsc --noEmit: strict, NodeNext, exactOptionalPropertyTypes (declaration files checked)"
npx tsc --noEmit -p tsconfig.strict-nodenext.json

step "debt-token-simulator/playwright with @playwright/test@$PLAYWRIGHT and @msw/playwright@$MSW_PLAYWRIGHT"
npm_quiet install -D "@playwright/test@$PLAYWRIGHT" "@msw/playwright@$MSW_PLAYWRIGHT"
npx tsc --noEmit -p tsconfig.playwright.json
mkdir init-playwright && cp playwright/*.ts init-playwright/
(cd init-playwright && npx tsc --init >/dev/null && npx tsc --noEmit -p .)
playwright_entry_loads='
  const entry = await import("debt-token-simulator/playwright")
  for (const name of ["test", "expect", "inProcess"])
    if (typeof entry[name] !== "function") throw new Error(`debt-token-simulator/playwright: no ${name}`)
  console.log(`debt-token-simulator/playwright imports on Node ${process.version}`)'
node --input-type=module -e "$playwright_entry_loads"
"$node_floor" --input-type=module -e "$playwright_entry_loads"

step "the behaviour suite in headless Chromium (debt-token-simulator/browser, msw's worker), under node:test"
node --test conformance/conformance.chromium.mjs

step "the command"
got=$(npx debt-token-simulator --version)
[ "$got" = "$VERSION" ] || { echo "--version printed '$got', expected $VERSION"; exit 1; }
echo "--version: $got"
npx debt-token-simulator scenarios | tee scenarios.txt
grep -q '^flaky-backend ' scenarios.txt
npx debt-token-simulator scenarios validate node_modules/debt-token-simulator/scenarios
step "scenarios init: a starter whose \$schema resolves from the project; no install script"
npx debt-token-simulator scenarios init my-scenarios
schema=$(node -p 'require("./my-scenarios/my-scenario.json").$schema')
[ -f "my-scenarios/$schema" ] || { echo "scenarios init wrote \$schema $schema: no such file from my-scenarios/"; exit 1; }
echo "\$schema: $schema"
npx debt-token-simulator scenarios validate my-scenarios
code=0; npx debt-token-simulator scenarios init my-scenarios 2>/dev/null || code=$?
[ "$code" = 2 ] || { echo "scenarios init over an existing file exited $code, expected 2"; exit 1; }
# npm lists a package with an install script (prepare included) in its install-script warning.
node -e '
  const { scripts = {} } = require("debt-token-simulator/package.json")
  const run = ["preinstall", "install", "postinstall", "prepare"].filter((name) => name in scripts)
  if (run.length > 0) { console.error(`the package runs scripts on install: ${run.join(", ")}`); process.exit(1) }'
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')
node_modules/.bin/debt-token-simulator serve -p "$port" --quiet > serve.log 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do grep -q 'listening on' serve.log && break; sleep 0.1; done
grep -q 'listening on' serve.log || { cat serve.log; exit 1; }
npx debt-token-simulator replay node_modules/debt-token-simulator/scenarios/flaky-backend.json \
  node_modules/debt-token-simulator/scenarios/manager-payment-rejected.json --url "http://127.0.0.1:$port"
kill "$server_pid"; wait "$server_pid" || true; server_pid=

step "Node $NODE24 with msw@$MSW3: plain Node, the example's runners, the Playwright entry"
npm_quiet install --no-save "node@$NODE24" "msw@$MSW3"
node24="$app/node_modules/.bin/node"
[ "$("$node24" --version)" = "v$NODE24" ] || { echo "expected Node $NODE24"; exit 1; }
"$node24" plain-node.mjs
"$node24" standalone.cjs
run_example_runners "$node24"
"$node24" --input-type=module -e "$playwright_entry_loads"
step "tsc --noEmit: docs/browser.md's step-2 sample with msw@$MSW3"
npx tsc --noEmit -p tsconfig.browser-doc.json

step "a CommonJS project: the tarball with msw@$MSW2 jest@$JEST jest-fixed-jsdom@$JEST_FIXED_JSDOM"
awaited "$jest_cjs_install" "$work/jest-cjs.log" "the CommonJS project"
cd "$jest_cjs"
readme_example jest-cjs api.test.js
readme_example jest-config jest.config.js
node "$repo/scripts/bundle-conformance.mjs" .
step "Jest (CommonJS) on Node $(node --version) with docs/test-suites.md's jest.config.js: the example, the behaviour suite"
npx jest --ci --testTimeout 120000 --runTestsByPath api.test.js conformance.test.cjs
step "Jest (CommonJS) on Node $(node --version), jsdom environment (jest-fixed-jsdom): the example, the behaviour suite"
npx jest --ci --testTimeout 120000 --config jsdom.config.cjs --runTestsByPath api.test.js conformance.test.cjs
step "Jest (CommonJS) on Node $NODE24, no config, --experimental-vm-modules: msw@$MSW2, then msw@$MSW3"
"$node24" --experimental-vm-modules node_modules/jest/bin/jest.js --ci --config '{}' api.test.js
npm_quiet install --no-save "msw@$MSW3"
"$node24" --experimental-vm-modules node_modules/jest/bin/jest.js --ci --config '{}' api.test.js

step "examples/jest on Node $(node --version): the tarball with msw@$MSW3 jest@$JEST, its own npm test (Jest in ESM mode)"
awaited "$example_jest_install" "$work/example-jest.log" "examples/jest"
cd "$example_jest"
[ "$(node -p "require('msw/package.json').version")" = "$MSW3" ] || { echo "examples/jest: expected msw $MSW3"; exit 1; }
npm test -- --ci

step "what \`npm install -D debt-token-simulator msw\` installs"
awaited "$sized_install" "$work/sized.log" "the sized project"
cd "$sized"
echo "installed: $(npm ls --all --parseable 2>/dev/null | tail -n +2 | sort -u | wc -l) packages, $(du -sm node_modules | cut -f1) MB (node_modules, with msw)"
echo "consumer: all checks passed"
