import type { Runner } from './runner.js'

/**
 * A runner that counts the warnings written through it. Each warning is a warning annotation of
 * the step, and GitHub shows only 10 of those: the annotations of the findings take what is left.
 */
export class WarningCounter implements Runner {
  private count = 0

  constructor(private readonly runner: Runner) {}

  get warnings(): number {
    return this.count
  }

  getInput(name: string): string {
    return this.runner.getInput(name)
  }
  info(message: string): void {
    this.runner.info(message)
  }
  warning(message: string): void {
    this.count++
    this.runner.warning(message)
  }
  annotation(...args: Parameters<Runner['annotation']>): void {
    this.runner.annotation(...args)
  }
  setSecret(secret: string): void {
    this.runner.setSecret(secret)
  }
  setOutput(name: string, value: string): void {
    this.runner.setOutput(name, value)
  }
  appendSummary(markdown: string): Promise<void> {
    return this.runner.appendSummary(markdown)
  }
  setFailed(message: string): void {
    this.runner.setFailed(message)
  }
}
