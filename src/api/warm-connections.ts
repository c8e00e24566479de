import type http from 'node:http'
import net from 'node:net'
import type { Duplex } from 'node:stream'

/**
 * Connections opened before the requests that will need them. Against the real API each new
 * connection costs a TCP and a TLS handshake, two round trips before its first request can go
 * out; the requests that follow the first pages all need new connections (the first ones are still
 * being read), so without this the run pays those round trips a second time in the middle of its
 * work. Opened alongside the run's first request, they are ready by the time its first answers
 * come back.
 */
export interface WarmConnections {
  /**
   * Opens `count` connections beyond those the requests open, handed to the next requests that
   * need a new connection. Before the first request they open with it: the agent's options for
   * that connection (its TLS settings and session cache key among them) are the ones to copy.
   */
  preconnect(count: number): void
  /** Closes the ones no request took. */
  close(): void
}

type ConnectionOptions = http.ClientRequestArgs

/**
 * How long one may wait unused before it is closed. Servers close idle connections (Node's after
 * 5 s by default), and one closing just as a request goes out on it fails that request; a run
 * needs them in its first seconds. Nor should a run that waits for its scan hold them open.
 */
export const WARM_IDLE_MS = 4000

/** Installs the pool on `agent` (through createConnection, the hook Node documents for this). */
export function warmConnections(agent: http.Agent, idleMs = WARM_IDLE_MS): WarmConnections {
  const open = agent.createConnection.bind(agent)
  /** Each idle connection, with what hands it over to a request. */
  const idle = new Map<net.Socket, () => void>()
  let template: ConnectionOptions | undefined
  let wanted = 0
  let closed = false

  const fill = (options: ConnectionOptions): void => {
    for (; wanted > 0 && !closed; wanted--) {
      const socket = open(options)
      if (socket instanceof net.Socket) keep(socket)
      else socket?.destroy()
    }
  }

  const keep = (socket: net.Socket): void => {
    const drop = (): void => {
      clearTimeout(expiry)
      idle.delete(socket)
      socket.destroy()
    }
    // A connection that fails or is closed while nobody uses it is simply not handed out.
    socket.once('error', drop)
    socket.once('close', drop)
    const expiry = setTimeout(drop, idleMs)
    // Unused, it must not keep the process alive.
    expiry.unref()
    socket.unref()
    idle.set(socket, () => {
      clearTimeout(expiry)
      socket.off('error', drop)
      socket.off('close', drop)
      socket.ref()
    })
  }

  const take = (options: ConnectionOptions): Duplex | undefined => {
    if (template === undefined || agent.getName(options) !== agent.getName(template)) return
    for (const [socket, handOver] of idle) {
      idle.delete(socket)
      if (socket.destroyed) continue
      handOver()
      return socket
    }
    return undefined
  }

  agent.createConnection = (options, callback) => {
    const warm = take(options)
    if (warm !== undefined) return warm
    const socket = open(options, callback)
    if (template === undefined) {
      template = options
      fill(options)
    }
    return socket
  }

  return {
    preconnect(count) {
      wanted += Math.max(0, Math.floor(count))
      if (template !== undefined) fill(template)
    },
    close() {
      closed = true
      for (const socket of idle.keys()) socket.destroy()
      idle.clear()
    }
  }
}
