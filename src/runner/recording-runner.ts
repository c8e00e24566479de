/**
 * A runner that records what a run said, for tests: the same calls the real runner gets, with
 * their text as the stages passed it (before @actions/core escapes or quotes anything).
 */
import type { AnnotationLevel, AnnotationProperties, Runner } from './runner.js'

export type RunnerCall =
  | { readonly kind: 'info' | 'warning' | 'setFailed'; readonly message: string }
  | {
      readonly kind: 'annotation'
      readonly level: AnnotationLevel
      readonly message: string
      readonly properties: AnnotationProperties
    }
  | { readonly kind: 'setSecret'; readonly secret: string }
  | { readonly kind: 'setOutput'; readonly name: string; readonly value: string }
  | { readonly kind: 'summary'; readonly markdown: string }

export interface RecordingOptions {
  /** Inputs by name, as the workflow's `with:` gives them. */
  readonly inputs?: Readonly<Record<string, string>>
  /** Makes every summary write reject with this error (a summary file that cannot be written). */
  readonly summaryError?: Error
}

export class RecordingRunner implements Runner {
  readonly calls: RunnerCall[] = []

  constructor(private readonly options: RecordingOptions = {}) {}

  getInput(name: string): string {
    return (this.options.inputs?.[name] ?? '').trim()
  }
  info(message: string): void {
    this.calls.push({ kind: 'info', message })
  }
  warning(message: string): void {
    this.calls.push({ kind: 'warning', message })
  }
  annotation(level: AnnotationLevel, message: string, properties: AnnotationProperties): void {
    this.calls.push({ kind: 'annotation', level, message, properties })
  }
  setSecret(secret: string): void {
    this.calls.push({ kind: 'setSecret', secret })
  }
  setOutput(name: string, value: string): void {
    this.calls.push({ kind: 'setOutput', name, value })
  }
  appendSummary(markdown: string): Promise<void> {
    if (this.options.summaryError) return Promise.reject(this.options.summaryError)
    this.calls.push({ kind: 'summary', markdown })
    return Promise.resolve()
  }
  setFailed(message: string): void {
    this.calls.push({ kind: 'setFailed', message })
  }

  private messages(kind: 'info' | 'warning' | 'setFailed'): string[] {
    return this.calls.flatMap(call => (call.kind === kind ? [call.message] : []))
  }
  get infos(): string[] {
    return this.messages('info')
  }
  get warnings(): string[] {
    return this.messages('warning')
  }
  /** The step's error lines; the step failed when there is one. */
  get failures(): string[] {
    return this.messages('setFailed')
  }
  get annotations(): Extract<RunnerCall, { kind: 'annotation' }>[] {
    return this.calls.flatMap(call => (call.kind === 'annotation' ? [call] : []))
  }
  get secrets(): string[] {
    return this.calls.flatMap(call => (call.kind === 'setSecret' ? [call.secret] : []))
  }
  /** Outputs by name; a later value replaces an earlier one, as on the runner. */
  get outputs(): Record<string, string> {
    return Object.fromEntries(
      this.calls.flatMap(call => (call.kind === 'setOutput' ? [[call.name, call.value]] : []))
    )
  }
  get summary(): string {
    return this.calls.flatMap(call => (call.kind === 'summary' ? [call.markdown] : [])).join('')
  }
}
