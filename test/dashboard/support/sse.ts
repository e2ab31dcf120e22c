/** Reads a server-sent event stream over fetch, one parsed event at a time (for the tests). */

interface ParsedEvent {
  readonly id: string | undefined
  readonly data: any
}

export interface EventReader {
  /** The next event (comments skipped unless `comments`), or throws after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ParsedEvent>
  /** Comment lines seen so far (`: heartbeat`). */
  readonly comments: string[]
  /** Whether the server ended the stream. */
  readonly ended: boolean
  close(): Promise<void>
}

export async function openEvents(url: string, headers: Record<string, string> = {}): Promise<EventReader> {
  const controller = new AbortController()
  const response = await fetch(url, { headers, signal: controller.signal })
  if (response.status !== 200) throw new Error(`events answered ${response.status}: ${await response.text()}`)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let ended = false
  const comments: string[] = []
  const queue: ParsedEvent[] = []

  async function fill(deadline: number): Promise<void> {
    while (queue.length === 0) {
      const blank = buffer.indexOf('\n\n')
      if (blank !== -1) {
        const block = buffer.slice(0, blank)
        buffer = buffer.slice(blank + 2)
        let id: string | undefined
        const data: string[] = []
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line)
          else if (line.startsWith('id: ')) id = line.slice(4)
          else if (line.startsWith('data: ')) data.push(line.slice(6))
        }
        if (data.length > 0) queue.push({ id, data: JSON.parse(data.join('\n')) })
        continue
      }
      if (ended) throw new Error('the stream ended')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('no event in time')
      let timer: NodeJS.Timeout | undefined
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no event in time')), left)
        }),
      ]).finally(() => clearTimeout(timer))
      if (chunk.done) ended = true
      else buffer += decoder.decode(chunk.value, { stream: true })
    }
  }

  return {
    async next(timeoutMs = 5000) {
      await fill(Date.now() + timeoutMs)
      return queue.shift()!
    },
    comments,
    get ended() {
      return ended
    },
    async close() {
      controller.abort()
      await reader.cancel().catch(() => {})
    },
  }
}
