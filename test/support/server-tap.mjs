/**
 * Preloaded into the command by the drain tests (`node --import`): writes to the file READ_TAP
 * names, as each happens, what the server itself saw: each connection it accepted, each request it
 * read (its `x-request-id`), each connection's bytes read when it closed, and each signal. Set
 * against what the clients saw, it tells a request the server read from one it never got a byte of.
 * Written synchronously, so the file is whole however the process ends.
 */
import { openSync, writeSync } from 'node:fs'
import { Server } from 'node:http'

const file = openSync(process.env.READ_TAP ?? '', 'a')
const note = (line) => writeSync(file, `${line}\n`)

/** Connections not yet noted as closed, by the client's port. */
const open = new Map()
const noteClosed = (port) => {
  note(`closed ${port} ${open.get(port).bytesRead}`)
  open.delete(port)
}
// The process may exit between destroying a connection and its 'close' event.
process.on('exit', () => {
  for (const port of open.keys()) noteClosed(port)
})

const emit = Server.prototype.emit
Server.prototype.emit = function tappedEmit(event, ...args) {
  if (event === 'connection') {
    const socket = args[0]
    const port = socket.remotePort
    note(`accepted ${port}`)
    open.set(port, socket)
    socket.once('close', () => noteClosed(port))
  }
  if (event === 'request') note(`read ${args[0].headers['x-request-id']} ${args[0].socket.remotePort}`)
  return emit.call(this, event, ...args)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => note(`signal ${signal}`))
