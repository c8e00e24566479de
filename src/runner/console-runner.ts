/**
 * The runner of the `findings-gate` command: what the gate says goes to a plain log (standard
 * error), for GitLab CI, Jenkins, Buildkite or a terminal. Nothing here knows GitHub's workflow
 * commands. Every line has its control characters dropped (a server text with ANSI escapes could
 * otherwise move the cursor, recolour the log or forge a GitLab log section) and every secret
 * masked; {@link ConsoleRunner.mask} does the same for what the command prints itself.
 */
import { stripControl } from '../text/plain.js'
import type { AnnotationLevel, AnnotationProperties, Runner } from './runner.js'

/** Where text goes: a stream, or a test's buffer. */
export interface ConsoleOutput {
  write(text: string): unknown
}

const MASK = '***'

export class ConsoleRunner implements Runner {
  private readonly secrets = new Set<string>()
  private readonly outputValues = new Map<string, string>()

  /**
   * @param inputs the action's inputs by name, as the flags and the environment gave them
   * @param log where log lines go
   * @param secretInputs inputs masked from the start, before the gate reads them
   */
  constructor(
    private readonly inputs: Readonly<Record<string, string>>,
    private readonly log: ConsoleOutput,
    secretInputs: readonly string[] = []
  ) {
    for (const name of secretInputs) this.setSecret(this.getInput(name))
  }

  getInput(name: string): string {
    return (this.inputs[name] ?? '').trim()
  }
  info(message: string): void {
    this.line(message)
  }
  warning(message: string): void {
    this.line(`warning: ${message}`)
  }
  /** `file:line:column: error: title: message`, the shape compilers print and CI parsers read. */
  annotation(level: AnnotationLevel, message: string, properties: AnnotationProperties): void {
    const where = [properties.file, properties.startLine, properties.startColumn]
      .filter(part => part !== undefined && part !== '')
      .join(':')
    const title = properties.title === undefined ? '' : `${properties.title}: `
    const [first = '', ...rest] = message.split('\n').filter(line => line.trim() !== '')
    this.line(
      [
        `${where === '' ? '' : `${where}: `}${level}: ${title}${first}`,
        ...rest.map(l => `    ${l}`)
      ].join('\n')
    )
  }
  setSecret(secret: string): void {
    if (secret.trim() !== '') this.secrets.add(secret)
  }
  setOutput(name: string, value: string): void {
    this.outputValues.set(name, value)
  }
  /** The command prints its own plain-text summary from the run's report instead. */
  appendSummary(): Promise<void> {
    return Promise.resolve()
  }
  setFailed(message: string): void {
    this.line(`error: ${message}`)
  }

  /** The outputs the action would have set, by name. */
  get outputs(): Readonly<Record<string, string>> {
    return Object.fromEntries(this.outputValues)
  }

  /** `text` with every secret replaced by `***`, the longest first so none is left half shown. */
  mask(text: string): string {
    let masked = text
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
      masked = masked.split(secret).join(MASK)
    }
    return masked
  }

  private line(text: string): void {
    this.log.write(`${this.mask(stripControl(text))}\n`)
  }
}
