/**
 * What SIGINT and SIGTERM mean to the serving command (src/runtimes/cli/shutdown-signals.ts), on
 * an injected clock: the first shuts down; the same signal again within the window is that one
 * delivered twice (by the terminal to the process group and by npm passing it on); any other
 * later signal means "now". Random sequences against that rule.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SAME_SIGNAL_WINDOW_MS, signalReader } from '../../src/runtimes/cli/shutdown-signals.ts'
import { propertyRuns } from '../support/property-runs.ts'

const signals = fc.constantFrom<NodeJS.Signals>('SIGINT', 'SIGTERM')

describe('the meaning of each signal', () => {
  it('a Ctrl-C that arrives twice shuts down once; a press after the window means now', () => {
    let clock = 0
    const meaningOf = signalReader(() => clock)
    expect(meaningOf('SIGINT')).toBe('shut down')
    clock += 3 // npm passes on the terminal's SIGINT a moment later
    expect(meaningOf('SIGINT')).toBe('delivered twice')
    clock = SAME_SIGNAL_WINDOW_MS
    expect(meaningOf('SIGINT')).toBe('now')
  })

  it('another signal after the first always means now', () => {
    const meaningOf = signalReader(() => 0)
    expect(meaningOf('SIGINT')).toBe('shut down')
    expect(meaningOf('SIGTERM')).toBe('now')
  })

  it('follows the rule over random sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ signal: signals, afterMs: fc.nat({ max: 2 * SAME_SIGNAL_WINDOW_MS }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (sequence) => {
          let clock = 0
          const meaningOf = signalReader(() => clock)
          const first = sequence[0]!
          let firstAt = 0
          sequence.forEach(({ signal, afterMs }, index) => {
            clock += afterMs
            if (index === 0) firstAt = clock
            const expected =
              index === 0
                ? 'shut down'
                : signal === first.signal && clock - firstAt < SAME_SIGNAL_WINDOW_MS
                  ? 'delivered twice'
                  : 'now'
            expect(meaningOf(signal)).toBe(expected)
          })
        },
      ),
      { numRuns: propertyRuns(500), seed: 31_12 },
    )
  })
})
