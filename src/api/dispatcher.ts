/**
 * The action's one HTTP stack: undici, for the API requests and the SBOM downloads alike. The proxy
 * decision is the Actions toolkit's own (`HTTPS_PROXY`/`HTTP_PROXY`, `NO_PROXY`, loopback never
 * proxied), so the action behaves behind a proxy exactly like the actions next to it. Extra CAs
 * come from NODE_EXTRA_CA_CERTS, which Node applies to every TLS connection, tunnelled or not.
 */
import net from 'node:net'
import { getProxyUrl } from '@actions/http-client'
import { Agent, buildConnector, ProxyAgent, type Dispatcher } from 'undici'

/**
 * Connections open toward one origin at most: the most findings pages a run has in flight at once.
 * Requests past it wait for a free connection.
 */
export const MAX_CONNECTIONS = 16

/** How long a connection opened ahead may wait unused before it is closed (servers close idle ones). */
export const PRECONNECT_IDLE_MS = 4000

export interface ConnectionPool {
  readonly dispatcher: Dispatcher
  /**
   * Opens `count` connections to the origin before the requests that will use them: each new
   * connection costs a TCP and a TLS handshake, two round trips, and the findings pages need up to
   * MAX_CONNECTIONS of them at once, after the deployment, project and scan lookups. Opened while
   * those run, they are ready when the pages go out. Through a proxy it does nothing.
   */
  preconnect(count: number): void
  close(): Promise<void>
}

/** The pool for `origin`: through the proxy the toolkit would use for it, else direct. */
export function connectionPool(origin: URL): ConnectionPool {
  const proxy = getProxyUrl(origin.href)
  if (proxy !== '') {
    const dispatcher = proxyAgent(new URL(proxy))
    return { dispatcher, preconnect: () => undefined, close: () => dispatcher.close() }
  }
  return directPool(origin)
}

/** The dispatcher alone, for one-off downloads (signed SBOM URLs on another origin). */
export function dispatcherFor(origin: URL): Dispatcher {
  return connectionPool(origin).dispatcher
}

function proxyAgent(proxy: URL): Dispatcher {
  const user = decodeURIComponent(proxy.username)
  const password = decodeURIComponent(proxy.password)
  const credentials =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined
  // Credentials travel in Proxy-Authorization, never as part of the URL undici might log.
  const uri = new URL(proxy.href)
  uri.username = ''
  uri.password = ''
  return new ProxyAgent({
    uri: uri.href,
    connections: MAX_CONNECTIONS,
    ...(credentials ? { token: credentials } : {})
  })
}

type Socket = net.Socket

/** A connection opened ahead; `claim` hands it to the request that takes it. */
interface Spare {
  readonly claim: () => Socket | undefined
}

/**
 * An Agent whose connector hands out connections opened ahead (undici's documented `connect`
 * hook): a request that needs a new connection to the origin takes one of those first.
 */
function directPool(origin: URL): ConnectionPool {
  const connect = buildConnector({})
  const spare: Promise<Spare | undefined>[] = []
  const target = connectOptions(origin)
  const connector: buildConnector.connector = (options, callback) => {
    const next = sameOrigin(options, target) ? spare.shift() : undefined
    if (next === undefined) return connect(options, callback)
    void next.then(opened => {
      const socket = opened?.claim()
      if (socket) callback(null, socket)
      else connect(options, callback)
    })
  }
  const dispatcher = new Agent({ connections: MAX_CONNECTIONS, connect: connector })
  let closed = false
  return {
    dispatcher,
    preconnect(count) {
      for (let i = 0; i < count && !closed; i++) spare.push(openAhead(connect, target))
    },
    async close() {
      closed = true
      for (const opened of await Promise.all(spare.splice(0))) opened?.claim()?.destroy()
      await dispatcher.close()
    }
  }
}

function connectOptions(origin: URL): buildConnector.Options {
  const hostname = origin.hostname.replace(/^\[(.*)\]$/, '$1')
  const secure = origin.protocol === 'https:'
  return {
    host: origin.host,
    hostname,
    protocol: origin.protocol,
    port: origin.port || (secure ? '443' : '80'),
    ...(secure && net.isIP(hostname) === 0 ? { servername: hostname } : {})
  }
}

function sameOrigin(options: buildConnector.Options, target: buildConnector.Options): boolean {
  return (
    options.protocol === target.protocol &&
    options.hostname === target.hostname &&
    (options.port || target.port) === target.port
  )
}

/**
 * One connection opened ahead; undefined when it fails (the request then opens its own). Unused,
 * it neither keeps the process alive nor outlives PRECONNECT_IDLE_MS.
 */
function openAhead(
  connect: buildConnector.connector,
  target: buildConnector.Options
): Promise<Spare | undefined> {
  return new Promise(resolve => {
    connect(target, (error, socket) => {
      if (error !== null || socket === null) return resolve(undefined)
      // Until a request takes it: an error closes it quietly, and it keeps no process alive.
      const drop = (): void => void socket.destroy()
      socket.on('error', drop)
      socket.unref()
      const expiry = setTimeout(drop, PRECONNECT_IDLE_MS).unref()
      resolve({
        claim: () => {
          clearTimeout(expiry)
          socket.off('error', drop)
          if (socket.destroyed) return undefined
          socket.ref()
          return socket
        }
      })
    })
  })
}
