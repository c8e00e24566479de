import { getProxyUrl } from '@actions/http-client/lib/proxy'
import { Agent, ProxyAgent, type Dispatcher } from 'undici'

/**
 * The connection pool for one origin. The proxy decision is the Actions toolkit's own
 * (`HTTPS_PROXY`/`HTTP_PROXY`, `NO_PROXY`, loopback never proxied), so this action behaves behind
 * a proxy exactly like the actions next to it. Extra CAs come from NODE_EXTRA_CA_CERTS, which
 * Node applies to every TLS connection, tunnelled or not.
 */
export function dispatcherFor(origin: URL): Dispatcher {
  const proxy = getProxyUrl(origin)
  if (!proxy) return new Agent()
  const user = decodeURIComponent(proxy.username)
  const password = decodeURIComponent(proxy.password)
  const credentials =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined
  // Credentials travel in Proxy-Authorization, never as part of the URL undici might log.
  const uri = new URL(proxy.href)
  uri.username = ''
  uri.password = ''
  return new ProxyAgent({ uri: uri.href, ...(credentials ? { token: credentials } : {}) })
}
