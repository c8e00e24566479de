/**
 * `npm run emulator -- [flags]`: runs the findings API emulator until SIGINT/SIGTERM. The flags
 * are in cli-options.ts (USAGE; `npm run emulator -- --help` prints it).
 */
import { parseCliOptions, USAGE, wantsHelp } from './cli-options.js'
import { startEmulator, type EmulatorOptions } from './server.js'

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  if (wantsHelp(argv)) {
    process.stdout.write(USAGE)
    return
  }
  let options: EmulatorOptions
  try {
    options = parseCliOptions(argv)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`emulator: ${message}\n(npm run emulator -- --help lists the flags)\n`)
    process.exitCode = 2
    return
  }
  const emulator = await startEmulator(options)
  const { deployment } = emulator.state
  process.stdout.write(
    `Findings API emulator on ${emulator.url}  deployment ${deployment.slug} (id ${deployment.id})  token ${emulator.token}\n`
  )
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

await main()
