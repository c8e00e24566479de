/**
 * The GitHub Action: the run over the Actions runner, with the context the runner gives. `index.ts`
 * calls it; `npm run local-action` loads this file, since @github/local-action calls `run()` with
 * no arguments. The command (`cli.ts`) calls `main.ts` with its own runner, so only this entry
 * loads @actions/core.
 */
import { defaultRunContext } from './inputs/index.js'
import { undeclaredInputProblems } from './inputs/undeclared-inputs.js'
import { run as runGate } from './main.js'
import { coreRunner } from './runner/core-runner.js'

export async function run(): Promise<void> {
  const ctx = defaultRunContext()
  // Only the runner passes inputs as INPUT_* variables: the command has flags, checked apart.
  const undeclared = undeclaredInputProblems(ctx.env)
  if (undeclared.length > 0) {
    coreRunner.setFailed(`Invalid inputs, nothing was sent:\n${undeclared.join('\n')}`)
    return
  }
  await runGate(ctx, coreRunner)
}
