/**
 * The deployment export as a pipeline: every project's export is started (a few at a time), one
 * loop polls all outstanding tasks on their own schedules (sbom-schedule.ts), and each SBOM is
 * downloaded as soon as its export completes. No project waits for another project's export.
 *
 * A 429 or 503 on a start or a poll pushes back the whole schedule by its Retry-After: the API
 * asked this client, not this task, to slow down. One project's failure is recorded and the
 * others go on (unless `failFast`, for a single repository, where the error is the outcome).
 */
import type { Project, SbomExport, SbomExportOutcome } from '../domain.js'
import { errorText } from '../text/error-text.js'
import { quoted } from '../text/log-text.js'
import { Limiter } from './limiter.js'
import {
  DEFAULT_LIMITS,
  type PipelineClock,
  type PipelineLimits,
  type PipelineSettings,
  type SbomOperations
} from './sbom-pipeline-settings.js'
import { RateLimitHold, rateLimited } from './sbom-rate-limit.js'
import { PollPlanner } from './sbom-schedule.js'

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

class ExportPipeline {
  private readonly results: (SbomExportOutcome | undefined)[]
  private readonly planner: PollPlanner
  private readonly waiting: Task[] = []
  private readonly downloads: Promise<void>[] = []
  private readonly downloadLimiter: Limiter
  private pollsInFlight = 0
  private startsDone = false
  private lastPollAt = Number.NEGATIVE_INFINITY
  private nextProgressAt: number
  private readonly begun: number
  private readonly hold: RateLimitHold
  private fatal: { error: unknown } | undefined
  private wakeUp: () => void = ignore
  private readonly counts = { started: 0, completed: 0, failed: 0, polls: 0 }

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
    this.hold = new RateLimitHold(clock, limits)
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
      await this.hold.untilAllowed()
      try {
        taskToken = await this.ops.start(project)
      } catch (error) {
        if (rateLimited(error) && attempt < this.settings.startRetries) {
          this.hold.slowDown(error)
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
      at: Math.max(best.dueAt, this.hold.notBefore, this.lastPollAt + this.limits.pollGapMs)
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
        this.hold.slowDown(error)
        if (this.clock.now() >= task.deadline) {
          const error_ = `still rate limited by the API (HTTP ${error.status}) after ${this.settings.waitTimeoutSeconds} s`
          this.settle(task, 'timed_out', error_)
        } else {
          task.dueAt = this.hold.notBefore
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

  /** An unexpected error: recorded for this project, or the end of the run with failFast. */
  private fail(index: number, report: SbomExportOutcome, error: unknown): void {
    if (this.settings.failFast) {
      this.fatal ??= { error }
      this.wakeUp()
      return
    }
    this.counts.failed++
    this.results[index] = report
  }

  private log(kind: 'progress' | 'done'): void {
    const { started, completed, failed, polls } = this.counts
    const limited = this.hold.answers
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
