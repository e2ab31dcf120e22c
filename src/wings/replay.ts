/**
 * What the `replay` command takes of the wings (decision 0029): record-replay's steps, sessions and
 * JUnit report, and coverage's counting and report, named here so that the command names no wing.
 * Loaded with the command, on use.
 */
export { writeCoverageFileSync } from '../coverage/coverage-file.ts'
export { type CoverageRecorder, recordCoverage } from '../coverage/coverage-recorder.ts'
export { coverageOf, mergeCoverage } from '../coverage/coverage-tally.ts'
export { coverageSummary } from '../coverage/coverage-text.ts'
export { type ReplaySuite, toJUnitXml } from '../record-replay/junit.ts'
export {
  countResults,
  fetchSend,
  formatResults,
  type ReplayOptions,
  replaySteps,
  type Send,
  type StepResult,
} from '../record-replay/replay.ts'
export { replayAgainstServer, replaySessionId } from '../record-replay/replay-server.ts'
export { simulatorOnlyReasons } from '../record-replay/service-replay.ts'
export { simulatorSend } from '../record-replay/simulator-send.ts'
