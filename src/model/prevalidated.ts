/**
 * Whether the bundled default fixtures were already validated. False here: under vitest, tsx or a
 * browser bundle they are validated at load, like any fixtures. scripts/build.mjs validates them
 * first and then bundles the CLI with this module replaced by one that says true, so `npm start`
 * does not validate the same files again at every start.
 */
export const defaultFixturesPrevalidated: boolean = false
