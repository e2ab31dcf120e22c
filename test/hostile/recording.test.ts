/**
 * Recordings are never lost (issue "Hardening"): bounded bodies and steps, noted in the file, JSON
 * nested past the limit kept as text, and a file written whole or not at all.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RECORDING_LIMITS, type RecordedExchange } from '../../src/record-replay/record.ts'
import { createFileRecording } from '../../src/record-replay/record-to-file.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const exchange = (body: string, answer: string | null, status = 200): RecordedExchange => ({
  method: 'POST',
  path: '/investor',
  query: '',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
  body,
  response: { status, body: answer },
})

describe('a recording', () => {
  it('leaves out a request over the body limit, keeps an answer over it without its body, and says so', () => {
    const file = join(temporaryDirectory('recording-'), 'session.json')
    const recording = createFileRecording(file)
    const big = JSON.stringify({ note: 'x'.repeat(RECORDING_LIMITS.bodyBytes) })
    recording.record(exchange(big, '{"status":"success"}'))
    recording.record(exchange('{"a":1}', JSON.stringify(['y'.repeat(RECORDING_LIMITS.bodyBytes)])))
    recording.record(exchange('{"a":2}', '{"status":"success"}'))
    const written = recording.flushSync()
    expect(written.steps).toBe(2)
    const scenario = loadScenarioFile(file)
    expect(scenario.notes).toEqual([
      '1 request(s) left out: their body was over 64 KB',
      '1 answer(s) over 64 KB kept without their body (only the status is expected)',
    ])
    expect(scenario.steps![0]!.expect).toEqual({ status: 200 })
  })

  it('keeps JSON nested 5,000 deep as text, and still writes a valid file', () => {
    const file = join(temporaryDirectory('recording-'), 'deep.json')
    const recording = createFileRecording(file)
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`
    recording.record(exchange(`{"extra":${deep}}`, deep))
    expect(recording.flushSync().steps).toBe(1)
    const scenario = loadScenarioFile(file)
    expect(typeof scenario.steps![0]!.request.body).toBe('string')
  })

  it(`stops at ${RECORDING_LIMITS.steps} requests and notes how many were not recorded`, () => {
    const file = join(temporaryDirectory('recording-'), 'long.json')
    const recording = createFileRecording(file)
    for (let i = 0; i < RECORDING_LIMITS.steps + 25; i++)
      recording.record(exchange(`{"i":${i}}`, '{"status":"success"}'))
    expect(recording.flushSync().steps).toBe(RECORDING_LIMITS.steps)
    expect(loadScenarioFile(file).notes).toEqual([
      `recording stopped at ${RECORDING_LIMITS.steps} requests or 1024 KB of bodies; 25 later request(s) not recorded`,
    ])
  })

  it('is written whole or not at all: through a temporary file renamed over it', () => {
    const directory = temporaryDirectory('recording-')
    const file = join(directory, 'session.json')
    const recording = createFileRecording(file)
    recording.record(exchange('{"a":1}', '{"status":"success"}'))
    recording.flushSync()
    const first = readFileSync(file, 'utf8')
    expect(readdirSync(directory)).toEqual(['session.json'])
    // A target that cannot be replaced (a directory): the flush fails, leaves no temporary file.
    const blocked = join(directory, 'blocked.json')
    mkdirSync(join(blocked, 'inside'), { recursive: true })
    const failing = createFileRecording(blocked)
    failing.record(exchange('{"a":1}', '{"status":"success"}'))
    expect(() => failing.flushSync()).toThrow()
    expect(readdirSync(directory).filter((name) => name.includes('.tmp-'))).toEqual([])
    expect(existsSync(join(blocked, 'inside'))).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe(first)
  })
})
