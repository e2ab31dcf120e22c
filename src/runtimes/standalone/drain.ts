/**
 * The standalone server's graceful close: it answers every request of which it has read a byte, and
 * closes at once every connection with nothing read since its last answer (HTTP/1.1 allows it for an idle
 * keep-alive connection). What is still under way when the grace ends is cut.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

export interface Drain {
  /** Starts the drain (once); resolves when every connection is gone. */
  close(graceMs: number): Promise<void>
}

export function drainOnClose(server: Server): Drain {
  const answering = new Set<ServerResponse>()
  const connections = new Set<Socket>()
  let draining: Promise<void> | undefined

  /** Closes the connections with no request read: those between two requests, and those that sent nothing yet. */
  const closeUnread = () => {
    server.closeIdleConnections()
    // node counts a connection that has sent nothing as busy (its headers timeout runs): one a
    // browser opened ahead of need would hold the close for the whole grace.
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy()
  }

  server.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
  })
  // Ahead of the request listener, which answers some requests at once (a preflight): those are marked too.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    answering.add(response)
    if (draining !== undefined) response.shouldKeepAlive = false
    response.once('close', () => {
      answering.delete(response)
      // Its connection is now between requests, unless the client's next one has begun to arrive.
      if (draining !== undefined) closeUnread()
    })
  })

  return {
    close(graceMs) {
      draining ??= new Promise<void>((resolve) => {
        for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false
        server.close(() => resolve())
        closeUnread()
        if (graceMs <= 0) server.closeAllConnections()
        else setTimeout(() => server.closeAllConnections(), graceMs).unref()
      })
      return draining
    },
  }
}
