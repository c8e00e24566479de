/**
 * The `findings-gate` command, as one sequence: read the flags and the environment → find the
 * scan's repository, ref and commit → run the gate (main.ts) over the console runner → print the
 * summary and write the command's reports → the exit code. It never loads @actions/core, so it
 * runs wherever Node does.
 *
 * Exit codes, like `semgrep ci`: 0 passed (or softened by a warn option), 1 the verdict failed,
 * 2 anything else: no verdict, a bad flag or value, an API error, a failed effect, a bug.
 */
import { run, type RunResult } from '../main.js'
import { parseBoolean } from '../inputs/parsers.js'
import { ConsoleRunner, type ConsoleOutput } from '../runner/console-runner.js'
import { errorText } from '../text/error-text.js'
import { VERSION } from '../version.js'
import { parseCommandLine, type Env } from './args.js'
import { ciPlatform, commandRunContext, locateScan, type Located } from './ci-context.js'
import { writeCommandReports } from './command-reports.js'
import { FLAGS, flagNamed } from './flags.js'
import { helpText } from './help.js'

export const EXIT_CODES: Readonly<Record<RunResult['end'], number>> = {
  passed: 0,
  failed: 1,
  error: 2
}

export interface CommandIO {
  readonly env: Env
  readonly cwd: string
  readonly stdout: ConsoleOutput & { readonly isTTY?: boolean }
  readonly stderr: ConsoleOutput
}

const SECRET_INPUTS = FLAGS.filter(flag => flag.secret).map(flag => flag.name)

/** Runs the command; resolves to its exit code. Never throws. */
export async function runCommand(args: readonly string[], io: CommandIO): Promise<number> {
  try {
    return await command(args, io)
  } catch (error) {
    io.stderr.write(`error: findings-gate failed unexpectedly: ${errorText(error)}\n`)
    return EXIT_CODES.error
  }
}

async function command(args: readonly string[], io: CommandIO): Promise<number> {
  const line = parseCommandLine(args, io.env)
  if (line.kind === 'help') return print(io.stdout, helpText())
  if (line.kind === 'version') return print(io.stdout, `findings-gate ${VERSION}\n`)
  if (line.kind === 'invalid') {
    const runner = new ConsoleRunner({}, io.stderr)
    runner.setFailed(`Invalid flags, nothing was sent:\n${line.problems.join('\n')}`)
    return EXIT_CODES.error
  }
  const platform = ciPlatform(io.env)
  const located = await locateScan(platform, line.inputs, io.env, io.cwd)
  // In a merge-request pipeline the target branch is the baseline, unless a flag names one.
  const baseline = located.gitlab?.baselineRef
  const inputs: Record<string, string> = { ...line.inputs }
  for (const [name, value] of Object.entries(located.found)) inputs[name] = value
  if (baseline !== undefined && (inputs['baseline-ref'] ?? '') === '') {
    inputs['baseline-ref'] = baseline
  }
  const runner = new ConsoleRunner(inputs, io.stderr, SECRET_INPUTS)
  const where = locatedNote(platform, located)
  if (where !== undefined) runner.info(where)
  for (const note of located.notes) runner.info(note)
  if (located.problems.length > 0) {
    runner.setFailed(`Invalid inputs, nothing was sent:\n${located.problems.join('\n')}`)
    return EXIT_CODES.error
  }
  const result = await run(commandRunContext(platform, io.env, new Date()), runner)
  let written = true
  if (result.report) {
    written = await writeCommandReports(
      result.report,
      {
        files: line.files,
        summary: parseBoolean(
          runner.getInput('summary') || (flagNamed('summary')?.default ?? 'true')
        ),
        color: io.stdout.isTTY === true && (io.env.NO_COLOR ?? '') === ''
      },
      runner,
      io.stdout
    )
  }
  // A report file CI reads that is missing is no verdict of its own: exit 2, as the step fails.
  return written ? EXIT_CODES[result.end] : EXIT_CODES.error
}

function print(stdout: ConsoleOutput, text: string): number {
  stdout.write(text)
  return EXIT_CODES.passed
}

/** Which scan the run looks for, and where that came from: the first thing a CI log should say. */
function locatedNote(
  platform: ReturnType<typeof ciPlatform>,
  located: Located
): string | undefined {
  if (platform === 'github') return undefined
  const { gitlab } = located
  const origin =
    gitlab === undefined
      ? 'outside GitHub Actions and GitLab CI'
      : gitlab.mergeRequest
        ? `GitLab CI merge-request pipeline${gitlab.baselineRef ? ` into ${gitlab.baselineRef}` : ''}`
        : 'GitLab CI pipeline'
  const found = Object.entries(located.found).map(([name, value]) => `${name} ${value}`)
  const source = found.length > 0 ? `detected ${found.join(', ')}` : 'the flags name the scan'
  return `findings-gate ${VERSION}, ${origin}: ${source}`
}
