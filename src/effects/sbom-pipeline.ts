/**
 * The deployment export as a pipeline: every project's export is started (a few at a time), one
 * loop polls all outstanding tasks on their own schedules (sbom-schedule.ts), and each SBOM is
 * downloaded as soon as its export completes. No project waits for another project's export.
 *
 * A 429 or 503 on a start or a poll pushes back the whole schedule by its Retry-After: the API
 * asked this client, not this task, to slow down. One project's failure is recorded and the
 * others go on (unless `failFast`, for a single repository, where the error is the outcome).
 */
import { ApiError } from '../api/errors.js'
import { RATE_LIMIT_STATUSES } from '../api/transport.js'
import type { Project, SbomExport, SbomExportOutcome } from '../domain.js'
import { errorText } from '../text/error-text.js'
import { quoted } from '../text/log-text.js'
import { PollPlanner, type PollTiming } from './sbom-schedule.js'

export interface SbomOperations {
  /** Starts one export and returns its task token (never retried once the server may have acted). */
  readonly start: (project: Project) => Promise<string>
  readonly poll: (taskToken: string) => Promise<SbomExport>
  /** Checks and masks the URL of a completed export; returns why it is unusable, or undefined. */
  readonly acceptUrl: (url: string) => string | undefined
  readonly download: (url: string, file: string) => Promise<void>
}

export interface PipelineClock {
  readonly now: () => number
  /** Calls `fire` after `ms`; the function returned cancels it (so no timer outlives the run). */
  readonly after: (ms: number, fire: () => void) => () => void
  readonly info: (message: string) => void
}

export interface PipelineLimits {
  readonly startsInFlight: number
  readonly pollsInFlight: number
  readonly downloadsInFlight: number
  /** The shortest gap between two polls: a ceiling on the poll rate however fast the API is. */
  readonly pollGapMs: number
  readonly progressEveryMs: number
  /** How long everything waits after a 429/503 without Retry-After. */
  readonly rateLimitFallbackMs: number
  /** A longer Retry-After is cut to this: a task's own wait timeout still bounds the run. */
  readonly rateLimitMaxMs: number
  readonly timing?: PollTiming
}

export const DEFAULT_LIMITS: PipelineLimits = {
  startsInFlight: 8,
  pollsInFlight: 10,
  downloadsInFlight: 8,
  pollGapMs: 5,
  progressEveryMs: 10_000,
  rateLimitFallbackMs: 5000,
  rateLimitMaxMs: 120_000
}

export interface PipelineSettings {
  readonly wait: boolean
  readonly waitTimeoutSeconds: number
  /** Where each project's SBOM goes; undefined: do not download. */
  readonly fileFor: (project: Project) => string | undefined
  /** A rate-limited start is tried again this many times (the API proved it did not act). */
  readonly startRetries: number
  /** Rethrow the first unexpected error instead of recording it (repository scope). */
  readonly failFast: boolean
  /** Log a progress line every progressEveryMs, and a closing one (deployment scope). */
  readonly progress: boolean
}

interface Task {
  readonly index: number
  readonly project: Project
  readonly taskToken: string
  readonly startedAt: number
  readonly deadline: number
  /** Age of the last poll sent, -1 before the first. */
  lastAge: number
  dueAt: number
}

function ignore(): void {}

function rateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && RATE_LIMIT_STATUSES.has(error.status)
}

/** At most `limit` of the given jobs at once. */
class Limiter {
  private active = 0
  private readonly queue: (() => void)[] = []
  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>(resolve => this.queue.push(resolve))
    this.active++
    try {
      return await job()
    } finally {
      this.active--
      this.queue.shift()?.()
    }
  }
}

class ExportPipeline {
  private readonly results: (SbomExportOutcome | undefined)[]
  private readonly planner: PollPlanner
  private readonly waiting: Task[] = []
  private readonly downloads: Promise<void>[] = []
  private readonly downloadLimiter: Limiter
  private pollsInFlight = 0
  private startsDone = false
  private notBefore = 0
  private lastPollAt = Number.NEGATIVE_INFINITY
  private lastRateLimitLog = Number.NEGATIVE_INFINITY
  private nextProgressAt: number
  private readonly begun: number
  private fatal: { error: unknown } | undefined
  private wakeUp: () => void = ignore
  private readonly counts = { started: 0, completed: 0, failed: 0, polls: 0, rateLimited: 0 }

  constructor(
    private readonly projects: readonly Project[],
    private readonly ops: SbomOperations,
    private readonly settings: PipelineSettings,
    private readonly clock: PipelineClock,
    private readonly limits: PipelineLimits
  ) {
    this.results = new Array<SbomExportOutcome | undefined>(projects.length)
    this.planner = new PollPlanner(limits.timing)
    this.downloadLimiter = new Limiter(limits.downloadsInFlight)
    this.begun = clock.now()
    this.nextProgressAt = this.begun + limits.progressEveryMs
  }

  async run(): Promise<SbomExportOutcome[]> {
    const polling = this.pollLoop()
    await this.startAll()
    this.startsDone = true
    this.wakeUp()
    await polling
    await Promise.all(this.downloads)
    if (this.fatal) throw this.fatal.error
    if (this.settings.progress) this.log('done')
    return this.results.map(
      (result, index): SbomExportOutcome =>
        result ?? {
          project: this.projects[index]?.name ?? '?',
          status: 'error',
          error: 'the export was abandoned after another error'
        }
    )
  }

  // --- starting -------------------------------------------------------------------------------

  private async startAll(): Promise<void> {
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < this.projects.length && !this.fatal) {
        const index = next++
        await this.startOne(index)
      }
    }
    const workers = Math.min(this.limits.startsInFlight, this.projects.length)
    await Promise.all(Array.from({ length: workers }, worker))
  }

  private async startOne(index: number): Promise<void> {
    const project = this.projects[index]
    let taskToken: string | undefined
    for (let attempt = 0; taskToken === undefined; attempt++) {
      await this.untilAllowed()
      try {
        taskToken = await this.ops.start(project)
      } catch (error) {
        if (rateLimited(error) && attempt < this.settings.startRetries) {
          this.slowDown(error)
          continue
        }
        this.fail(index, { project: project.name, status: 'error', error: errorText(error) }, error)
        return
      }
    }
    this.counts.started++
    if (!this.settings.progress)
      this.clock.info(`SBOM export of ${quoted(project.name)} started (task ${quoted(taskToken)})`)
    if (!this.settings.wait) {
      this.results[index] = { project: project.name, taskToken, status: 'started' }
      return
    }
    const startedAt = this.clock.now()
    const task: Task = {
      index,
      project,
      taskToken,
      startedAt,
      deadline: startedAt + this.settings.waitTimeoutSeconds * 1000,
      lastAge: -1,
      dueAt: 0
    }
    this.schedule(task)
  }

  /** Waits while a rate limit holds everything back. */
  private async untilAllowed(): Promise<void> {
    for (let now = this.clock.now(); now < this.notBefore; now = this.clock.now()) {
      await new Promise<void>(resolve => this.clock.after(this.notBefore - now, resolve))
    }
  }

  // --- polling --------------------------------------------------------------------------------

  private schedule(task: Task): void {
    const age = this.planner.nextAge(task.index, task.lastAge)
    task.dueAt = Math.min(task.startedAt + age, task.deadline)
    this.waiting.push(task)
    this.wakeUp()
  }

  private earliest(): { task: Task; at: number } | undefined {
    let best: Task | undefined
    for (const task of this.waiting) if (!best || task.dueAt < best.dueAt) best = task
    if (!best) return undefined
    return {
      task: best,
      at: Math.max(best.dueAt, this.notBefore, this.lastPollAt + this.limits.pollGapMs)
    }
  }

  private async pollLoop(): Promise<void> {
    for (;;) {
      if (this.fatal) return
      if (this.startsDone && this.waiting.length === 0 && this.pollsInFlight === 0) return
      const now = this.clock.now()
      if (this.settings.progress && now >= this.nextProgressAt) {
        this.log('progress')
        this.nextProgressAt = now + this.limits.progressEveryMs
      }
      let wakeAt = this.settings.progress ? this.nextProgressAt : Number.POSITIVE_INFINITY
      if (this.pollsInFlight < this.limits.pollsInFlight) {
        const due = this.earliest()
        if (due && due.at <= now) {
          this.waiting.splice(this.waiting.indexOf(due.task), 1)
          this.lastPollAt = now
          void this.pollOne(due.task, now)
          continue
        }
        if (due) wakeAt = Math.min(wakeAt, due.at)
      }
      await this.idle(wakeAt - now)
    }
  }

  /** Waits until `ms` passed or something changed (a task was added, a poll answered). */
  private idle(ms: number): Promise<void> {
    // One timer and one promise a wait, no AbortController: the loop turns over thousands of times
    // in a deployment export, and a controller (and its abort's DOMException) per turn was about a
    // seventh of everything such a run allocated.
    return new Promise<void>(resolve => {
      let cancel = ignore
      const wake = (): void => {
        this.wakeUp = ignore
        cancel()
        resolve()
      }
      this.wakeUp = wake
      if (Number.isFinite(ms)) cancel = this.clock.after(Math.max(ms, 0), wake)
    })
  }

  private async pollOne(task: Task, sentAt: number): Promise<void> {
    this.pollsInFlight++
    this.counts.polls++
    const age = sentAt - task.startedAt
    task.lastAge = age
    try {
      const state = await this.ops.poll(task.taskToken)
      this.onPolled(task, state, age)
    } catch (error) {
      if (rateLimited(error)) {
        this.slowDown(error)
        if (this.clock.now() >= task.deadline) {
          const error_ = `still rate limited by the API (HTTP ${error.status}) after ${this.settings.waitTimeoutSeconds} s`
          this.settle(task, 'timed_out', error_)
        } else {
          task.dueAt = this.notBefore
          this.waiting.push(task)
        }
      } else {
        this.failTask(task, error)
      }
    } finally {
      this.pollsInFlight--
      this.wakeUp()
    }
  }

  private onPolled(task: Task, state: SbomExport, age: number): void {
    if (state.status === 'failed') {
      this.settle(task, 'failed', state.errorMessage ?? 'the export failed without a message')
      return
    }
    if (state.status === 'in_progress') {
      if (this.clock.now() >= task.deadline) {
        this.settle(
          task,
          'timed_out',
          `still in progress after ${this.settings.waitTimeoutSeconds} s`
        )
      } else {
        this.schedule(task)
      }
      return
    }
    this.learn(age)
    if (!state.downloadUrl) {
      this.settle(task, 'error', 'the export completed without a download URL')
      return
    }
    const unusable = this.ops.acceptUrl(state.downloadUrl)
    if (unusable !== undefined) {
      this.settle(task, 'error', unusable)
      return
    }
    const file = this.settings.fileFor(task.project)
    if (file === undefined) {
      this.settle(task, 'completed')
      return
    }
    const url = state.downloadUrl
    this.downloads.push(
      this.downloadLimiter
        .run(() => this.ops.download(url, file))
        .then(
          () => this.settle(task, 'completed', undefined, file),
          (error: unknown) => this.failTask(task, error)
        )
    )
  }

  /** A completion seen at `age`: tasks waiting for a later poll are polled at that age instead. */
  private learn(age: number): void {
    const before = this.planner.learnedDurationMs
    this.planner.completedAt(age)
    if (before !== undefined && before <= age) return
    for (const task of this.waiting) {
      if (task.lastAge < age) task.dueAt = Math.min(task.dueAt, task.startedAt + age)
    }
  }

  // --- outcomes -------------------------------------------------------------------------------

  private settle(
    task: Task,
    status: 'completed' | 'failed' | 'timed_out' | 'error',
    error?: string,
    file?: string
  ): void {
    if (status === 'completed') this.counts.completed++
    else this.counts.failed++
    this.results[task.index] = {
      project: task.project.name,
      taskToken: task.taskToken,
      status,
      ...(file !== undefined ? { file } : {}),
      ...(error !== undefined ? { error } : {})
    }
  }

  /** An unexpected error: recorded for this project, or the end of the run with failFast. */
  /** A started export that broke (its poll or its download): an error naming its task. */
  private failTask(task: Task, error: unknown): void {
    const report: SbomExportOutcome = {
      project: task.project.name,
      taskToken: task.taskToken,
      status: 'error',
      error: errorText(error)
    }
    this.fail(task.index, report, error)
  }

  private fail(index: number, report: SbomExportOutcome, error: unknown): void {
    if (this.settings.failFast) {
      this.fatal ??= { error }
      this.wakeUp()
      return
    }
    this.counts.failed++
    this.results[index] = report
  }

  private slowDown(error: ApiError): void {
    this.counts.rateLimited++
    const waitMs = Math.min(
      error.retryAfterMs ?? this.limits.rateLimitFallbackMs,
      this.limits.rateLimitMaxMs
    )
    const now = this.clock.now()
    this.notBefore = Math.max(this.notBefore, now + waitMs)
    if (now - this.lastRateLimitLog >= this.limits.progressEveryMs) {
      this.lastRateLimitLog = now
      this.clock.info(
        `SBOM exports: the API answered HTTP ${error.status}; every start and poll waits ${(waitMs / 1000).toFixed(1)} s`
      )
    }
  }

  private log(kind: 'progress' | 'done'): void {
    const { started, completed, failed, polls, rateLimited: limited } = this.counts
    const seconds = Math.round((this.clock.now() - this.begun) / 1000)
    const total = this.projects.length
    const waiting = started - completed - failed
    const limitedText = limited > 0 ? `, ${limited} rate-limited answer(s)` : ''
    this.clock.info(
      kind === 'done'
        ? `SBOM exports done after ${seconds} s: ${total} project(s), ${completed} completed, ${failed} failed, ${polls} poll(s)${limitedText}`
        : `SBOM exports after ${seconds} s: ${started} of ${total} started, ${completed} completed, ${failed} failed, ${waiting} waiting${limitedText}`
    )
  }
}

/** Exports every project's SBOM; the reports keep the order of `projects`. */
export function runExportPipeline(
  projects: readonly Project[],
  ops: SbomOperations,
  settings: PipelineSettings,
  clock: PipelineClock,
  limits: PipelineLimits = DEFAULT_LIMITS
): Promise<SbomExportOutcome[]> {
  return new ExportPipeline(projects, ops, settings, clock, limits).run()
}
