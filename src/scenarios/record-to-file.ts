/**
 * A session recording that writes itself to a scenario file (Node only): what `--record <file>`
 * hands the standalone server. The server feeds it every answered request; `flush()` (on
 * shutdown, or `POST /__sim/record/flush`) writes the scenario so far, atomically, and recording
 * goes on. The recorder's limits (record.ts) keep a flush short.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
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
    mkdirSync(dirname(resolve(file)), { recursive: true })
    // A whole file or none: written beside it, then renamed over it (atomic on one file system).
    const temporary = `${file}.tmp-${process.pid}`
    try {
      writeFileSync(temporary, `${JSON.stringify(recorder.toScenario(), null, 2)}\n`)
      renameSync(temporary, file)
    } catch (error) {
      rmSync(temporary, { force: true })
      throw error
    }
    return { file, steps: recorder.size }
  }
  return {
    file,
    record: (exchange) => recorder.add(exchange),
    flush: async () => flushSync(),
    flushSync,
  }
}
