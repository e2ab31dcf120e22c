/**
 * A session recording that writes itself to a scenario file (`--record <file>`, Node only); `flush()`
 * writes the scenario so far, whole or not at all (files/atomic-file.ts), and recording goes on.
 */
import { dirname, resolve } from 'node:path'
import { writeFileAtomically } from '../files/atomic-file.ts'
import { withSchemaReference } from '../files/schema-reference.ts'
import { scenarioFileText } from '../scenarios/scenario-file-text.ts'
import { createSessionRecorder, type RecordedExchange, type SessionRecorderOptions } from './record.ts'

export interface FileRecording {
  readonly file: string
  record(exchange: RecordedExchange): void
  flush(): Promise<{ file: string; steps: number }>
  /** The same as flush, for a process that is about to exit. */
  flushSync(): { file: string; steps: number }
}

export function createFileRecording(file: string, options: SessionRecorderOptions = {}): FileRecording {
  const recorder = createSessionRecorder(options)
  const flushSync = () => {
    // `$schema` from the file's own directory, so the recording completes in an editor there.
    const scenario = withSchemaReference(recorder.toScenario(), dirname(resolve(file)))
    writeFileAtomically(file, scenarioFileText(scenario))
    return { file, steps: recorder.size }
  }
  return {
    file,
    record: (exchange) => recorder.add(exchange),
    flush: async () => flushSync(),
    flushSync,
  }
}
