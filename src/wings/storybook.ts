/**
 * What the Storybook entry takes of the wings (decision 0029): a story's coverage part, left in a
 * directory in Node (none in a page). A list of its own, so the other entries do not load it.
 */
export { leaveCoverageOf } from '../coverage/coverage-parts.ts'
