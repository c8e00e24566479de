/**
 * The `findings-gate` command's entry (bundled to dist/cli/ by `npm run package`; bin/ runs it).
 * The exit code is set, not forced, so the streams flush before the process ends.
 */
import { runCommand } from './cli/command.js'

process.exitCode = await runCommand(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr
})
