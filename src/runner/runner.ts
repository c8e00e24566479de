/**
 * The runner port: everything the action tells the Actions runner (log lines, annotations,
 * outputs, masks, the job summary, the step's failure) goes through one {@link Runner}, so the
 * stages never touch `@actions/core` and tests record what a run said instead of parsing stdout.
 * `core-runner.ts` is the real implementation, `recording-runner.ts` the one tests use.
 */

/** Where an annotation points; the fields `@actions/core` accepts. */
export interface AnnotationProperties {
  readonly title?: string
  readonly file?: string
  readonly startLine?: number
  readonly endLine?: number
  readonly startColumn?: number
  readonly endColumn?: number
}

export type AnnotationLevel = 'error' | 'warning' | 'notice'

export interface Runner {
  /** One input, '' when unset, trimmed (as `core.getInput`). */
  getInput(name: string): string
  info(message: string): void
  /** A warning line without a location (an annotation of the step). */
  warning(message: string): void
  /** An annotation at a file and line; its text is bounded by the caller. */
  annotation(level: AnnotationLevel, message: string, properties: AnnotationProperties): void
  /** Masks the value in the rest of the job's log. */
  setSecret(secret: string): void
  setOutput(name: string, value: string): void
  /** Appends Markdown to the job summary; rejects when it cannot be written. */
  appendSummary(markdown: string): Promise<void>
  /** Marks the step failed, with this message as its error line. */
  setFailed(message: string): void
}
