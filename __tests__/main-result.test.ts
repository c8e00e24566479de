/**
 * What `run()` returns: how the run ended, which the command maps to its exit code (0 passed or
 * softened, 1 a failed verdict, 2 anything else), and the report it writes its own files from.
 */
import { describe, expect, it } from '@jest/globals'
import { sampleCommit } from '../emulator/server.js'
import type { RunContext } from '../src/inputs/index.js'
import { run, type RunResult } from '../src/main.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import { baseInputs, RELAXED, sharedEmulator } from './helpers/e2e.js'

const TAGS = /^\/api\/v1\/deployments\/acme-corp\/projects\/acme(\/|%2F)web\/tags$/
const FINDINGS = '/api/v1/deployments/acme-corp/findings'

const shared = sharedEmulator()

const PUSH: RunContext = { now: new Date(), env: {}, eventName: 'push' }

async function runGate(
  inputs: Record<string, string>,
  ctx: RunContext = PUSH
): Promise<{ result: RunResult; runner: RecordingRunner }> {
  const emulator = shared.current()
  const runner = new RecordingRunner({
    inputs: {
      ...baseInputs(emulator),
      commit: sampleCommit('acme/web', 'refs/heads/main'),
      ...inputs
    }
  })
  return { result: await run(ctx, runner), runner }
}

describe('run() tells how the run ended', () => {
  it('passed: a passing verdict, with its report', async () => {
    const { result, runner } = await runGate(RELAXED)
    expect(result.end).toBe('passed')
    expect(result.report?.status.result).toBe('passed')
    expect(runner.failures).toEqual([])
  })

  it('failed: the verdict alone failed the step', async () => {
    const { result, runner } = await runGate({})
    expect(result.end).toBe('failed')
    expect(result.report?.verdict?.blocking).toHaveLength(5)
    expect(runner.failures).toHaveLength(1)
  })

  it('passed under warn-only, while the report keeps the failed verdict', async () => {
    const { result, runner } = await runGate({ 'warn-only': 'true' })
    expect(result.end).toBe('passed')
    expect(result.report?.status.result).toBe('failed')
    expect(runner.failures).toEqual([])
  })

  it('error: no verdict, and passed when on-missing-scan: warn softens it', async () => {
    const missing = { ref: 'refs/heads/no-such-branch', 'require-scan': 'ref' }
    const strict = await runGate(missing)
    expect(strict.result.end).toBe('error')
    expect(strict.result.report?.status.result).toBe('skipped')
    const softened = await runGate({ ...missing, 'on-missing-scan': 'warn' })
    expect(softened.result.end).toBe('passed')
    expect(softened.runner.failures).toEqual([])
  })

  it('error: an API error, and passed when on-api-error: warn softens it', async () => {
    const fault = { path: FINDINGS, kind: 'status', status: 500, times: Infinity } as const
    shared.current().addFault(fault)
    const strict = await runGate({ 'max-retries': '0' })
    expect(strict.result.end).toBe('error')
    shared.current().addFault(fault)
    const softened = await runGate({ 'max-retries': '0', 'on-api-error': 'warn' })
    expect(softened.result.end).toBe('passed')
  })

  it('error: bad inputs, with no report and nothing sent', async () => {
    const { result } = await runGate({ 'fail-on-severity': 'severe' })
    expect(result).toEqual({ end: 'error' })
    expect(shared.current().requests).toEqual([])
  })

  it('error: an effect that failed, even when the verdict passed', async () => {
    shared.current().addFault({ path: TAGS, kind: 'status', status: 500, times: Infinity })
    const { result, runner } = await runGate({
      ...RELAXED,
      'project-tags': 'gated',
      'max-retries': '0'
    })
    expect(result.report?.status.result).toBe('passed')
    expect(result.end).toBe('error')
    expect(runner.failures).toEqual([expect.stringMatching(/^Project tags were not added: /)])
  })

  it("a fork's pull request without a token: error, or passed with on-missing-token: warn", async () => {
    const fork: RunContext = {
      now: new Date(),
      env: {},
      eventName: 'pull_request',
      eventPayload: {
        pull_request: {
          number: 7,
          head: { repo: { full_name: 'someone/web' } },
          base: { repo: { full_name: 'acme/web' } }
        }
      }
    }
    const failing = await runGate({ 'api-token': '' }, fork)
    expect(failing.result).toEqual({ end: 'error' })
    const skipped = await runGate({ 'api-token': '', 'on-missing-token': 'warn' }, fork)
    expect(skipped.result).toEqual({ end: 'passed' })
    expect(shared.current().requests).toEqual([])
  })
})
