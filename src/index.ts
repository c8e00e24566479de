import { openEarlyConnections } from './early-connections.js'
import { coreRunner } from './runner/core-runner.js'

// Opened before the rest of the action loads (about 35 ms), so that their handshakes overlap it.
const early = openEarlyConnections(name => coreRunner.getInput(name))
// One turn of the event loop lets them start: a connection to an IP address starts on the next
// tick, and the import below would hold that back until the action has loaded.
await new Promise(resolve => setImmediate(resolve))
const { run } = await import('./main.js')
await run(undefined, coreRunner, early)
