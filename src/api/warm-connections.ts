import dns from 'node:dns'
import type http from 'node:http'
import net from 'node:net'
import type { Duplex } from 'node:stream'

/**
 * Connections opened before the requests that will need them. Against the real API each new
 * connection costs a TCP and a TLS handshake, two round trips before its first request can go
 * out; the requests that follow the first pages all need new connections (the first ones are still
 * being read), so without this the run pays those round trips a second time in the middle of its
 * work. Opened at the start of the run, they are ready by the time its first answers come back.
 */
export interface WarmConnections {
  /**
   * Opens connections until `count` have been opened ahead in all, each handed to the next request
   * that needs a new connection: asking again for as many opens nothing more.
   */
  preconnect(count: number): void
  /** Closes the ones no request took. */
  close(): void
}

type ConnectionOptions = http.ClientRequestArgs &
  Pick<net.TcpNetConnectOpts, 'keepAlive' | 'noDelay'>

/**
 * How long one may wait unused before it is closed. Servers close idle connections (Node's after
 * 5 s by default), and one closing just as a request goes out on it fails that request; a run
 * needs them in its first seconds. Nor should a run that waits for its scan hold them open.
 */
export const WARM_IDLE_MS = 4000

/**
 * What the agent asks its createConnection for when a request to `origin` needs a connection: the
 * host and port, the TLS server name (none for an IP address), and the agent's socket options.
 * The agent names a connection by these (`getName`), and hands a request only one of its name.
 */
function connectionOptions(origin: URL, lookup: net.LookupFunction): ConnectionOptions {
  const secure = origin.protocol === 'https:'
  const host = origin.hostname.replace(/^\[(.*)\]$/, '$1')
  return {
    host,
    port: Number(origin.port) || (secure ? 443 : 80),
    ...(secure && net.isIP(host) === 0 ? { servername: host } : {}),
    keepAlive: true,
    noDelay: true,
    lookup: sharedLookup(lookup)
  }
}

/**
 * One DNS lookup for all of them. Each connection would look its host up on its own: 33 lookups at
 * once queue in libuv's four threads, and a resolver that drops some under that load answers
 * those after its retry (here the last of 33 failed lookups took 5 s, where 8 took 10 ms). A
 * request handed a connection still waiting on such a lookup would wait with it.
 */
function sharedLookup(lookup: net.LookupFunction): net.LookupFunction {
  const answers = new Map<string, Promise<unknown[]>>()
  return (hostname, options, callback) => {
    const key = JSON.stringify([hostname, options])
    let answer = answers.get(key)
    if (answer === undefined) {
      answer = new Promise(resolve => lookup(hostname, options, (...args) => resolve(args)))
      answers.set(key, answer)
    }
    // Replayed as the lookup gave it: one address, or every address when `all` was asked for.
    void answer.then(args => (callback as (...given: unknown[]) => void)(...args))
  }
}

export interface WarmOptions {
  /** How long one may wait unused; WARM_IDLE_MS. */
  readonly idleMs?: number
  /** The lookup the connections share (tests count its calls); `dns.lookup`. */
  readonly lookup?: net.LookupFunction
}

/**
 * Installs the pool on `agent`, the agent of `origin` (through createConnection, the hook Node
 * documents for this).
 */
export function warmConnections(
  agent: http.Agent,
  origin: URL,
  { idleMs = WARM_IDLE_MS, lookup = dns.lookup }: WarmOptions = {}
): WarmConnections {
  const open = agent.createConnection.bind(agent)
  const options = connectionOptions(origin, lookup)
  const name = agent.getName(options)
  /** Each idle connection, with what hands it over to a request. */
  const idle = new Map<net.Socket, () => void>()
  let opened = 0
  let closed = false

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

  const take = (wanted: ConnectionOptions): Duplex | undefined => {
    if (agent.getName(wanted) !== name) return undefined
    for (const [socket, handOver] of idle) {
      idle.delete(socket)
      if (socket.destroyed) continue
      handOver()
      return socket
    }
    return undefined
  }

  agent.createConnection = (wanted, callback) => take(wanted) ?? open(wanted, callback)

  return {
    preconnect(count) {
      for (; opened < count && !closed; opened++) {
        const socket = open(options)
        if (socket instanceof net.Socket) keep(socket)
        else socket?.destroy()
      }
    },
    close() {
      closed = true
      for (const socket of idle.keys()) socket.destroy()
      idle.clear()
    }
  }
}
