/**
 * The state an emulator starts with: the sample deployment (or an empty one), then what the
 * options add (bulk findings, scale, a running head scan).
 */
import { serverClock } from '../clock.js'
import type { EmulatorOptions } from '../options.js'
import type { EmulatorState, PolicyRecord } from './records.js'
import { DEPLOYMENT } from './records.js'
import { addBulkFindings } from './bulk.js'
import { applySbomScale } from './scale.js'
import { sampleDependencies } from './sample-dependencies.js'
import { sampleScaFindings, sampleSastFindings } from './sample-findings.js'
import { samplePolicies } from './sample-policies.js'
import { sampleProjects } from './sample-projects.js'
import { headScan, sampleScans } from './sample-scans.js'
import { sampleSecrets } from './sample-secrets.js'
import { createRandom, SEED_NUMBER } from './seed.js'

function emptyState(policies: PolicyRecord[]): EmulatorState {
  return {
    deployment: { ...DEPLOYMENT },
    projects: [],
    policies,
    sastFindings: [],
    scaFindings: [],
    aiSastFindings: [],
    dependencies: [],
    tickets: [],
    sbomTasks: new Map(),
    sbomFailRepositories: new Set(),
    projectPathStyle: 'both',
    sbomPollsUntilDone: 1,
    nextTicketNumber: 1,
    scans: [],
    secrets: { findings: [], withoutProduct: new Set() }
  }
}

/** An empty deployment: no projects, findings or dependencies, but the policies exist. */
export function buildEmptyState(now: Date): EmulatorState {
  return emptyState(samplePolicies(now))
}

export function buildSampleState(now: Date): EmulatorState {
  const random = createRandom(SEED_NUMBER)
  const state = emptyState(samplePolicies(now))
  state.projects = sampleProjects(now, random)
  state.sastFindings = sampleSastFindings(now)
  state.scaFindings = sampleScaFindings(now)
  state.dependencies = sampleDependencies(now)
  return state
}

export function buildState(options: EmulatorOptions): EmulatorState {
  const clock = serverClock(options.clockOffsetMs)
  const now = options.now ?? new Date(clock.nowMs())
  const state = options.seed === 'empty' ? buildEmptyState(now) : buildSampleState(now)
  if (options.sbomPollsUntilDone !== undefined)
    state.sbomPollsUntilDone = options.sbomPollsUntilDone
  if (options.policiesV1 !== undefined) state.policiesV1 = options.policiesV1
  applySbomScale(state, options)
  // After the scaling: in a deployment of many projects the bulk repository is the last one listed.
  if (options.bulk !== undefined) addBulkFindings(state, options.bulk, now)
  state.scans = sampleScans(state, now)
  if (options.seed !== 'empty') state.secrets = sampleSecrets(now)
  if (options.scanRunningMs !== undefined) {
    const head = headScan(state, 'acme/web', 'refs/heads/main')
    if (head) head.runningUntil = clock.nowMs() + options.scanRunningMs
  }
  return state
}
