/** The part of autocannon 9's API bench/run.ts uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string
      method?: string
      headers?: Record<string, string>
      body?: string
      connections?: number
      /** Seconds. */
      duration?: number
      /** Seconds before a request counts as timed out. */
      timeout?: number
    }
    interface Histogram {
      average: number
      mean: number
      max: number
      min: number
      total: number
      p50: number
      p99: number
    }
    interface Result {
      requests: Histogram
      latency: Histogram
      throughput: Histogram
      errors: number
      timeouts: number
      non2xx: number
    }
    interface Instance {
      stop(): void
      on(event: 'done', listener: (result: Result) => void): this
    }
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance
  export default autocannon
}
