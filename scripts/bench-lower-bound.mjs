// The benchmark's lower bound, run by the Node that runs the action, so that the two are compared
// on one runtime: every URL on the command line (after the token) fetched at once, each body
// JSON.parse'd. Prints the milliseconds from the first request to the last page parsed.
/* global process, performance, console */
import { fetch } from 'undici'

const [token, ...urls] = process.argv.slice(2)
const started = performance.now()
await Promise.all(
  urls.map(async url => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
    return JSON.parse(await response.text())
  })
)
console.log(`lower_bound_ms=${(performance.now() - started).toFixed(1)}`)
