#!/usr/bin/env bash
# The three examples as their users run them, one after the other, on the package built from this
# checkout: examples/storybook (.ci/storybook.sh), examples/nextjs (.ci/nextjs.sh), and
# examples/playwright, its own Playwright run in Chromium, both projects, two workers
# (`npm run test:examples`: test/browser/playwright-example.browser.test.ts, which `npm test`
# leaves to this step).
# .ci/run runs this beside .ci/consumer.sh. Run from anywhere, after the repository's `npm ci`.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bash "$repo/.ci/storybook.sh"
bash "$repo/.ci/nextjs.sh"
started=$SECONDS
printf '\nplaywright-example: its Playwright run (at 0s)\n'
(cd "$repo" && npm run -s test:examples)
printf '\nplaywright-example: done (at %ss)\n' "$((SECONDS - started))"
