/**
 * End-to-end tests of the actions of the bundled action (dist/index.js): tickets, project tags
 * and SBOM exports. The emulator's state persists across runs in the same emulator, so a second
 * run sees what the first one changed (tickets linked to findings, tags replaced).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator } from '../emulator/server.js'
import { shardOf } from '../src/effects/sbom-shard.js'
import {
  requireBundle,
  errorLines,
  runAction,
  warningLines,
  type ActionRun,
  type Emulator,
  findingsRequests,
  FINDINGS_PATH,
  scanOutputs,
  deploymentExportInputs
} from './helpers/e2e.js'
import {
  PROJECT,
  SAMPLE_PROJECT_COUNT,
  WEB_MAIN_BLOCKING,
  WEB_SAST,
  WEB_SCA
} from './helpers/sample.js'

requireBundle()

const TICKETS_PATH = '/api/v1/deployments/acme-corp/tickets'
const EXPORT_PATH = '/api/v1/deployments/4242/sbom/export'
const TRACKER = 'https://tracker.example.test/browse'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const GATE_FAILURE =
  '5 blocking findings: high python.django.security.injection.sql.sql-injection-db-cursor-execute at src/app/views.py:42, ' +
  'high python.lang.security.audit.dangerous-subprocess-use-audit at src/app/tasks/export.py:88, ' +
  'high python.requests.security.disabled-cert-validation.disabled-cert-validation at src/app/integrations/billing.py:54, and 2 more'

function requestsTo(emulator: Emulator, method: string, path: string | RegExp) {
  return emulator.requests.filter(
    r => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))
  )
}

/** The ticket URLs the emulator created for one type, in creation order. */
function ticketUrls(emulator: Emulator, type: string): string[] {
  return emulator.state.tickets.filter(t => t.issueType === type).map(t => t.url)
}

function summaryRows(run: ActionRun, heading: string): string[] {
  const lines = run.summary.split('\n')
  const start = lines.indexOf(heading)
  if (start < 0) return []
  const rows: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (
      line.startsWith('| ') &&
      !/^\| (Outcome|Project) \|/.test(line) &&
      !line.startsWith('| ---')
    )
      rows.push(line)
    else if (rows.length > 0) break
  }
  return rows
}

describe('e2e actions: tickets', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    emulator.requests.length = 0
  })

  it('first run opens tickets for the blocking findings, the second run opens none', async () => {
    const first = await runAction(emulator, { 'create-tickets': 'true' })

    expect(first.exitCode).toBe(1)
    expect(errorLines(first)).toEqual([GATE_FAILURE])
    const posts = requestsTo(emulator, 'POST', TICKETS_PATH)
    expect(posts.map(p => p.body)).toEqual(
      expect.arrayContaining([
        {
          issue_type: 'sast',
          issue_ids: [
            String(WEB_SAST.sqli),
            String(WEB_SAST.subprocess),
            String(WEB_SAST.certValidation),
            String(WEB_SAST.md5)
          ],
          group_issues: true,
          limit: 20
        },
        { issue_type: 'sca', issue_ids: [String(WEB_SCA.lodash)], group_issues: true, limit: 20 }
      ])
    )
    expect(posts).toHaveLength(2)
    // One ticket per rule (group-tickets: true, every blocking finding has its own rule).
    expect(emulator.state.tickets.map(t => t.issueIds).sort()).toEqual([
      [WEB_SAST.sqli],
      [WEB_SAST.subprocess],
      [WEB_SAST.md5],
      [WEB_SAST.certValidation],
      [WEB_SCA.lodash]
    ])
    const urls = [...ticketUrls(emulator, 'sast'), ...ticketUrls(emulator, 'sca')]
    expect([...urls].sort()).toEqual([1, 2, 3, 4, 5].map(n => `${TRACKER}/SEC-${n}`))
    expect(first.outputs).toMatchObject({
      result: 'failed',
      'blocking-ids': JSON.stringify(WEB_MAIN_BLOCKING),
      'tickets-created': '5',
      'ticket-urls': JSON.stringify(urls)
    })
    expect(warningLines(first)).toEqual([])
    const rows = summaryRows(first, '### Tickets')
    expect(rows).toHaveLength(5)
    expect(rows.every(r => r.startsWith('| created | '))).toBe(true)

    emulator.requests.length = 0
    const second = await runAction(emulator, { 'create-tickets': 'true' })

    expect(second.exitCode).toBe(1)
    expect(requestsTo(emulator, 'POST', TICKETS_PATH)).toEqual([])
    expect(second.outputs).toMatchObject({
      result: 'failed',
      'blocking-ids': JSON.stringify(WEB_MAIN_BLOCKING),
      'tickets-created': '0',
      'ticket-urls': '[]'
    })
    expect(emulator.state.tickets).toHaveLength(5)
    expect(second.summary).toContain(
      '### Tickets\n\nNo ticket was created.\n\n5 findings already had a ticket.\n'
    )
  })

  it('ticket-findings: all with gate: false opens tickets for every finding; the limit turns the rest into warnings', async () => {
    const fresh = await startEmulator()
    try {
      const run = await runAction(fresh, {
        gate: 'false',
        'create-tickets': 'true',
        'ticket-findings': 'all',
        'ticket-limit': '3',
        'tracker-project-id': '77'
      })

      expect(run.exitCode).toBe(0)
      expect(errorLines(run)).toEqual([])
      const posts = requestsTo(fresh, 'POST', TICKETS_PATH)
      expect(posts).toHaveLength(2)
      const bodies = posts.map(p => p.body as Record<string, unknown>)
      const sast = bodies.find(b => b.issue_type === 'sast')
      const sca = bodies.find(b => b.issue_type === 'sca')
      expect(sast).toEqual({
        issue_type: 'sast',
        issue_ids: [
          String(WEB_SAST.sqli),
          String(WEB_SAST.subprocess),
          String(WEB_SAST.certValidation),
          // gate: false fetches no policy modes, so WEB_SAST.md5 sorts by its medium severity alone
          String(WEB_SAST.openRedirect),
          String(WEB_SAST.csrf),
          String(WEB_SAST.md5),
          String(WEB_SAST.dangerousHtml),
          String(WEB_SAST.documentMethod),
          String(WEB_SAST.throttle),
          String(WEB_SAST.loggerLeak)
        ],
        group_issues: true,
        limit: 3,
        tracker_project_id: '77'
      })
      expect(sca).toEqual({
        issue_type: 'sca',
        issue_ids: [
          String(WEB_SCA.lodash),
          String(WEB_SCA.minimist),
          String(WEB_SCA.pyyaml),
          String(WEB_SCA.requests),
          String(WEB_SCA.jinja2),
          String(WEB_SCA.debug)
        ],
        group_issues: true,
        limit: 3,
        tracker_project_id: '77'
      })
      const urls = [...ticketUrls(fresh, 'sast'), ...ticketUrls(fresh, 'sca')]
      expect(run.outputs).toEqual({
        ...scanOutputs(),
        result: 'skipped',
        'tickets-created': '6',
        'ticket-urls': JSON.stringify(urls),
        'deployment-slug': 'acme-corp',
        'deployment-id': '4242'
      })
      expect(fresh.state.tickets.every(t => t.trackerProjectId === '77')).toBe(true)
      expect(warningLines(run)).toEqual([
        ...[
          WEB_SAST.openRedirect,
          WEB_SAST.csrf,
          WEB_SAST.md5,
          WEB_SAST.dangerousHtml,
          WEB_SAST.documentMethod,
          WEB_SAST.throttle,
          WEB_SAST.loggerLeak
        ].map(id => `Ticket for Code finding ${id} failed: Ticket limit exceeded`),
        ...[WEB_SCA.requests, WEB_SCA.jinja2, WEB_SCA.debug].map(
          id => `Ticket for Supply Chain finding ${id} failed: Ticket limit exceeded`
        )
      ])
      expect(summaryRows(run, '### Tickets').filter(r => r.startsWith('| failed |'))).toHaveLength(
        10
      )
    } finally {
      await fresh.close()
    }
  })

  it('findings the server reports as skipped become warnings; a rejected request is a warning, not a failure', async () => {
    const fresh = await startEmulator()
    try {
      fresh.addFault({
        kind: 'json',
        method: 'POST',
        path: TICKETS_PATH,
        body: {
          succeeded: [],
          failed: [],
          skipped: [{ issue_ids: [WEB_SAST.sqli], reason: 'Issue already has a ticket' }]
        }
      })
      const skipped = await runAction(fresh, {
        gate: 'false',
        'create-tickets': 'true',
        'ticket-findings': 'all',
        'issue-types': 'sast',
        'ticket-limit': '1'
      })
      expect(skipped.exitCode).toBe(0)
      expect(skipped.outputs).toMatchObject({ 'tickets-created': '0', 'ticket-urls': '[]' })
      expect(warningLines(skipped)).toEqual([
        `Ticket for Code finding ${WEB_SAST.sqli} skipped: Issue already has a ticket`
      ])
      expect(summaryRows(skipped, '### Tickets')).toEqual([
        `| skipped | ${WEB_SAST.sqli} | Issue already has a ticket |`
      ])

      fresh.requests.length = 0
      fresh.addFault({
        kind: 'status',
        status: 400,
        method: 'POST',
        path: TICKETS_PATH,
        body: { error: 'No issue tracker integration is configured' }
      })
      const rejected = await runAction(fresh, {
        gate: 'false',
        'create-tickets': 'true',
        'ticket-findings': 'all',
        'issue-types': 'sca'
      })
      expect(rejected.exitCode).toBe(0)
      expect(rejected.outputs).toMatchObject({ 'tickets-created': '0', 'ticket-urls': '[]' })
      expect(requestsTo(fresh, 'POST', TICKETS_PATH)).toHaveLength(1)
      expect(warningLines(rejected)).toEqual([
        `Tickets for Supply Chain findings ${WEB_SCA.lodash}, ${WEB_SCA.minimist}, ${WEB_SCA.pyyaml}, ${WEB_SCA.requests}, ${WEB_SCA.jinja2}, ${WEB_SCA.debug} were not created: ` +
          `POST ${TICKETS_PATH} failed with HTTP 400 Bad Request: No issue tracker integration is configured (1 attempt). ` +
          'Hint: check ticket-limit and tracker-project-id, and that an issue tracker integration is set up'
      ])
      expect(fresh.state.tickets).toEqual([])
    } finally {
      await fresh.close()
    }
  })

  it('ticket-findings: blocking with gate: false is refused before any request', async () => {
    const run = await runAction(emulator, { gate: 'false', 'create-tickets': 'true' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Invalid inputs, nothing was sent:\nticket-findings: blocking needs the gate, but gate is false; use ticket-findings: all (or gate: true)'
    ])
    expect(emulator.requests).toEqual([])
  })
})

describe('e2e actions: project tags', () => {
  let emulator: Emulator
  const TAGS_RAW = '/api/v1/deployments/acme-corp/projects/acme/web/tags'
  const TAGS_ENCODED = '/api/v1/deployments/acme-corp/projects/acme%2Fweb/tags'
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    emulator.requests.length = 0
    emulator.clearFaults()
  })

  const puts = () => emulator.requests.filter(r => r.method === 'PUT')

  it('adds tags by sending the union with the existing ones; a second run sends nothing', async () => {
    const first = await runAction(emulator, { gate: 'false', 'project-tags': 'ci-gated, team-web' })

    expect(first.exitCode).toBe(0)
    expect(first.outputs).toEqual({
      result: 'skipped',
      'project-tags': '["team-web","tier-1","ci-gated"]',
      'deployment-slug': 'acme-corp',
      'deployment-id': '4242'
    })
    expect(puts().map(r => [r.rawPath, r.body, r.status])).toEqual([
      [TAGS_RAW, ['team-web', 'tier-1', 'ci-gated'], 200]
    ])
    // The emulator replaces the tags: the existing ones survive only because the union was sent.
    expect(emulator.state.projects.find(p => p.name === 'acme/web')?.tags).toEqual([
      'team-web',
      'tier-1',
      'ci-gated'
    ])
    expect(first.summary).toContain(
      '### Project tags\n\n<code>acme/web</code>: <code>team-web</code>, <code>tier-1</code>, <code>ci-gated</code> — added: <code>ci-gated</code>\n'
    )
    expect(findingsRequests(emulator)).toEqual([])

    emulator.requests.length = 0
    const second = await runAction(emulator, {
      gate: 'false',
      'project-tags': 'ci-gated, team-web'
    })
    expect(second.exitCode).toBe(0)
    expect(second.outputs['project-tags']).toBe('["team-web","tier-1","ci-gated"]')
    expect(puts()).toEqual([])
    expect(second.summary).toContain('— nothing added\n')
  })

  it('falls back to the %2F-encoded project name when the raw path answers 404', async () => {
    emulator.state.projectPathStyle = 'encoded'
    try {
      const run = await runAction(emulator, { gate: 'false', 'project-tags': 'release-train' })

      expect(run.exitCode).toBe(0)
      expect(run.outputs['project-tags']).toBe('["team-web","tier-1","ci-gated","release-train"]')
      const union = ['team-web', 'tier-1', 'ci-gated', 'release-train']
      expect(puts().map(r => [r.rawPath, r.body, r.status])).toEqual([
        [TAGS_RAW, union, 404],
        [TAGS_ENCODED, union, 200]
      ])
      expect(emulator.state.projects.find(p => p.name === 'acme/web')?.tags).toEqual(union)
      expect(warningLines(run)).toEqual([])
    } finally {
      emulator.state.projectPathStyle = 'both'
    }
  })

  it('tags together with a failing gate: both are reported, the gate decides the exit code', async () => {
    const run = await runAction(emulator, { 'project-tags': 'gate-checked' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([GATE_FAILURE])
    expect(run.outputs).toMatchObject({
      result: 'failed',
      'project-tags': '["team-web","tier-1","ci-gated","release-train","gate-checked"]'
    })
  })

  it('a tag update answered without the existing tags fails the step and says which were lost', async () => {
    emulator.addFault({
      kind: 'json',
      method: 'PUT',
      path: '/api/v1/deployments/acme-corp/projects/acme/web/tags',
      body: { project: { id: PROJECT.web, name: 'acme/web', tags: ['extra'] } }
    })
    const run = await runAction(emulator, { gate: 'false', 'project-tags': 'extra' })

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Project tags were not added: The tag update of acme/web was answered without team-web, tier-1, ci-gated, release-train, gate-checked: the project now has [extra]'
    ])
    expect(run.outputs['project-tags']).toBeUndefined()
    expect(run.outputs.result).toBe('skipped')
  })

  it('a repository that is not a project fails with a clear message', async () => {
    const run = await runAction(emulator, {
      gate: 'false',
      repository: 'acme/nope',
      'project-tags': 'x'
    })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Project tags were not added: repository "acme/nope" is not a project of deployment acme-corp: check the repository input (the name as the platform shows it) and that the repository has been scanned'
    ])
    expect(puts()).toEqual([])
  })
})

describe('e2e actions: SBOM export, repository scope', () => {
  let emulator: Emulator
  let dir: string
  beforeAll(async () => {
    emulator = await startEmulator()
    dir = await mkdtemp(join(tmpdir(), 'e2e-sbom-'))
  })
  afterAll(async () => {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    emulator.requests.length = 0
    emulator.downloads.length = 0
    emulator.state.sbomFailRepositories.clear()
    emulator.state.sbomPollsUntilDone = 1
  })

  const exportBody = {
    deploymentId: '4242',
    repositoryId: String(PROJECT.web),
    ref: 'refs/heads/main',
    sbomOutputFormat: 'SBOM_OUTPUT_FORMAT_CYCLONEDX',
    metadataComponentType: 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_APPLICATION'
  }

  it('starts an export and outputs its task token (no wait: in progress)', async () => {
    const run = await runAction(emulator, { gate: 'false', 'sbom-export': 'true' })

    expect(run.exitCode).toBe(0)
    const token = run.outputs['sbom-task-token'] ?? ''
    expect(token).toMatch(UUID)
    expect(emulator.state.sbomTasks.has(token)).toBe(true)
    expect(run.outputs).toEqual({
      result: 'skipped',
      'sbom-task-token': token,
      'sbom-task-tokens': JSON.stringify({ 'acme/web': token }),
      'sbom-status': 'in_progress',
      'deployment-slug': 'acme-corp',
      'deployment-id': '4242'
    })
    expect(requestsTo(emulator, 'POST', EXPORT_PATH).map(r => r.body)).toEqual([exportBody])
    expect(requestsTo(emulator, 'GET', /\/sbom\/export\//)).toEqual([])
    expect(findingsRequests(emulator)).toEqual([])
  })

  it('with sbom-file: waits, downloads the CycloneDX file without the API token', async () => {
    const file = join(dir, 'nested', 'web.cdx.json')
    const run = await runAction(emulator, {
      gate: 'false',
      'sbom-export': 'true',
      'sbom-file': file,
      'sbom-supplier': 'Acme Corp <security@acme.example>'
    })

    expect(run.exitCode).toBe(0)
    const token = run.outputs['sbom-task-token'] ?? ''
    expect(run.outputs).toEqual({
      result: 'skipped',
      'sbom-task-token': token,
      'sbom-task-tokens': JSON.stringify({ 'acme/web': token }),
      'sbom-status': 'completed',
      'sbom-file': file,
      'deployment-slug': 'acme-corp',
      'deployment-id': '4242'
    })
    expect(requestsTo(emulator, 'POST', EXPORT_PATH).map(r => r.body)).toEqual([
      {
        ...exportBody,
        metadataSupplier: { name: 'Acme Corp', contact: { email: 'security@acme.example' } }
      }
    ])
    // One IN_PROGRESS poll, then COMPLETED.
    expect(requestsTo(emulator, 'GET', `${EXPORT_PATH}/${token}`)).toHaveLength(2)

    const sbom = JSON.parse(await readFile(file, 'utf8')) as {
      bomFormat: string
      serialNumber: string
      metadata: { component: { name: string; version: string }; supplier?: { name: string } }
      components: { name: string; version: string }[]
    }
    expect(sbom.bomFormat).toBe('CycloneDX')
    expect(sbom.serialNumber).toBe(`urn:uuid:${token}`)
    expect(sbom.metadata.component).toMatchObject({ name: 'acme/web', version: 'refs/heads/main' })
    expect(sbom.metadata.supplier?.name).toBe('Acme Corp')
    expect(sbom.components).toContainEqual(
      expect.objectContaining({ name: 'PyQt5', version: '5.15.10' })
    )
    expect(await readdir(join(dir, 'nested'))).toEqual(['web.cdx.json'])

    expect(emulator.downloads).toHaveLength(1)
    const download = emulator.downloads[0]
    expect(download?.status).toBe(200)
    expect(download?.path).toBe(`/sbom/${token}.json`)
    expect(download?.headers.authorization).toBeUndefined()
    expect(JSON.stringify(download?.headers)).not.toContain(emulator.token)
    // The signed URL is masked before anything could print it.
    expect(run.stdout).toMatch(/::add-mask::http:\/\/127\.0\.0\.1:\d+\/sbom\/.+X-Amz-Signature=/)
    expect(run.summary).toContain(`| <code>acme/web</code> | completed | <code>${token}</code> |`)
  })

  it('a failed export fails the step with the server message', async () => {
    emulator.state.sbomFailRepositories.add(PROJECT.web)
    const run = await runAction(emulator, {
      gate: 'false',
      'sbom-export': 'true',
      'sbom-wait': 'true'
    })

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      '1 of 1 SBOM export(s) did not complete: acme/web: failed (Failed to export SBOM for acme/web at refs/heads/main: no completed full scan with dependency data was found)'
    ])
    expect(run.outputs).toMatchObject({ result: 'skipped', 'sbom-status': 'failed' })
    expect(run.outputs['sbom-task-token']).toMatch(UUID)
    expect(run.outputs['sbom-file']).toBeUndefined()
    expect(emulator.downloads).toEqual([])
  })

  it('an export still in progress after sbom-wait-timeout-seconds times out and fails the step', async () => {
    emulator.state.sbomPollsUntilDone = 100
    const file = join(dir, 'never.cdx.json')
    const run = await runAction(emulator, {
      gate: 'false',
      'sbom-export': 'true',
      'sbom-file': file,
      'sbom-wait-timeout-seconds': '1'
    })

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      '1 of 1 SBOM export(s) did not complete: acme/web: timed out (still in progress after 1 s)'
    ])
    expect(run.outputs).toMatchObject({ result: 'skipped', 'sbom-status': 'timed_out' })
    expect(run.outputs['sbom-file']).toBeUndefined()
    expect(run.durationMs).toBeLessThan(10_000)
    expect(emulator.downloads).toEqual([])
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('gate and SBOM together: a failing export and a failing gate each print their error', async () => {
    emulator.state.sbomFailRepositories.add(PROJECT.web)
    const run = await runAction(emulator, { 'sbom-export': 'true', 'sbom-wait': 'true' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      '1 of 1 SBOM export(s) did not complete: acme/web: failed (Failed to export SBOM for acme/web at refs/heads/main: no completed full scan with dependency data was found)',
      GATE_FAILURE
    ])
    expect(run.outputs).toMatchObject({ result: 'failed', 'sbom-status': 'failed' })
  })
})

describe('e2e actions: SBOM export, deployment scope', () => {
  let emulator: Emulator
  let dir: string
  beforeAll(async () => {
    // Settled on the first poll: 254 projects with one IN_PROGRESS poll each would spend about a
    // minute sleeping (the first poll delay is 1 s, four exports at a time).
    emulator = await startEmulator({ sbomPollsUntilDone: 0 })
    dir = await mkdtemp(join(tmpdir(), 'e2e-sbom-deployment-'))
  })
  afterAll(async () => {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    emulator.requests.length = 0
    emulator.downloads.length = 0
    emulator.state.sbomFailRepositories.clear()
  })

  it('exports every project (254) into one folder, with gate: false and no findings request', async () => {
    const out = join(dir, 'all')
    const run = await runAction(emulator, deploymentExportInputs(out))

    expect(run.exitCode).toBe(0)
    expect(errorLines(run)).toEqual([])
    const projects = emulator.state.projects.map(p => p.name)
    expect(projects).toHaveLength(SAMPLE_PROJECT_COUNT)
    const tokens = JSON.parse(run.outputs['sbom-task-tokens'] ?? '{}') as Record<string, string>
    expect(Object.keys(tokens)).toEqual(projects)
    expect(Object.values(tokens).every(t => UUID.test(t))).toBe(true)
    expect(new Set(Object.values(tokens)).size).toBe(SAMPLE_PROJECT_COUNT)
    expect(run.outputs).toMatchObject({
      result: 'skipped',
      'sbom-status': 'completed',
      'sbom-file': out
    })
    expect(run.outputs['sbom-task-token']).toBeUndefined()

    const files = await readdir(out)
    expect(files.sort()).toEqual(
      emulator.state.projects.map(p => `${p.id}-${p.name.replace('/', '__')}.cdx.json`).sort()
    )
    const web = JSON.parse(
      await readFile(join(out, `${PROJECT.web}-acme__web.cdx.json`), 'utf8')
    ) as {
      metadata: { component: { name: string; version: string } }
    }
    expect(web.metadata.component).toMatchObject({ name: 'acme/web', version: 'refs/heads/main' })
    const paymentsFile = `${PROJECT.payments}-acme__payments.cdx.json`
    const payments = JSON.parse(await readFile(join(out, paymentsFile), 'utf8')) as {
      metadata: { component: { name: string; version: string } }
    }
    // No ref is sent with deployment scope: each project's primary branch is exported.
    expect(payments.metadata.component.version).toBe('refs/heads/trunk')

    const posts = requestsTo(emulator, 'POST', EXPORT_PATH)
    expect(posts).toHaveLength(SAMPLE_PROJECT_COUNT)
    expect(posts.every(p => !('ref' in (p.body as Record<string, unknown>)))).toBe(true)
    expect(
      posts.map(p => (p.body as { repositoryId: string }).repositoryId).sort((a, b) => +a - +b)
    ).toEqual(emulator.state.projects.map(p => String(p.id)).sort((a, b) => +a - +b))
    expect(emulator.downloads).toHaveLength(SAMPLE_PROJECT_COUNT)
    expect(emulator.downloads.every(r => r.headers.authorization === undefined)).toBe(true)
    expect(findingsRequests(emulator)).toEqual([])
    expect(run.durationMs).toBeLessThan(20_000)
  })

  it('sbom-shard 2/3 exports only its share; the three shards cover the deployment once', async () => {
    const exported: string[][] = []
    for (const index of [1, 2, 3]) {
      emulator.requests.length = 0
      const out = join(dir, `shard-${index}`)
      const run = await runAction(emulator, {
        ...deploymentExportInputs(out),
        'sbom-shard': `${index}/3`
      })
      expect(run.exitCode).toBe(0)
      const tokens = JSON.parse(run.outputs['sbom-task-tokens'] ?? '{}') as Record<string, string>
      const names = Object.keys(tokens)
      expect(run.outputs['sbom-projects']).toBe(String(names.length))
      expect(names.every(name => shardOf(name, 3) === index)).toBe(true)
      expect(requestsTo(emulator, 'POST', EXPORT_PATH)).toHaveLength(names.length)
      expect((await readdir(out)).length).toBe(names.length)
      expect(run.stdout).toContain(
        `sbom-shard ${index}/3: ${names.length} of ${SAMPLE_PROJECT_COUNT} project(s) fall in this shard`
      )
      exported.push(names)
    }
    expect(exported.flat().sort()).toEqual(emulator.state.projects.map(p => p.name).sort())
    expect(exported.every(names => names.length > 50)).toBe(true)
  })

  it('one failing project does not stop the others; the step fails at the end naming it', async () => {
    emulator.state.sbomFailRepositories.add(2005)
    const out = join(dir, 'partial')
    const run = await runAction(emulator, deploymentExportInputs(out))

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      `1 of ${SAMPLE_PROJECT_COUNT} SBOM export(s) did not complete: acme/svc-005: failed (Failed to export SBOM for acme/svc-005 at refs/heads/main: no completed full scan with dependency data was found)`
    ])
    expect(run.outputs).toMatchObject({
      result: 'skipped',
      'sbom-status': 'failed',
      'sbom-file': out
    })
    const tokens = JSON.parse(run.outputs['sbom-task-tokens'] ?? '{}') as Record<string, string>
    expect(Object.keys(tokens)).toHaveLength(SAMPLE_PROJECT_COUNT)
    const files = await readdir(out)
    expect(files).toHaveLength(253)
    expect(files).not.toContain('2005-acme__svc-005.cdx.json')
    expect(files).toContain('2006-acme__svc-006.cdx.json')
    expect(emulator.downloads).toHaveLength(253)
    expect(summaryRows(run, '### SBOM exports').filter(r => r.includes('| failed |'))).toEqual([
      expect.stringMatching(/^\| <code>acme\/svc-005<\/code> \| failed \| /)
    ])
  })
})

describe('e2e actions: everything at once, live wire shape', () => {
  let emulator: Emulator
  let dir: string
  beforeAll(async () => {
    emulator = await startEmulator({ shape: 'live' })
    dir = await mkdtemp(join(tmpdir(), 'e2e-all-'))
  })
  afterAll(async () => {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('gate, licenses, tickets, tags, SBOM and the JSON report in one run', async () => {
    const sbomFile = join(dir, 'sbom', 'web.cdx.json')
    const reportFile = join(dir, 'report.json')
    const run = await runAction(emulator, {
      'deny-licenses': 'GPL-3.0-only',
      'create-tickets': 'true',
      'project-tags': 'ci-gated',
      'sbom-export': 'true',
      'sbom-file': sbomFile,
      'report-file': reportFile
    })

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      `${GATE_FAILURE}; 1 dependency with a denied license: PyQt5@5.15.10 (GPL-3.0-only)`
    ])
    const token = run.outputs['sbom-task-token'] ?? ''
    expect(token).toMatch(UUID)
    const urls = [...ticketUrls(emulator, 'sast'), ...ticketUrls(emulator, 'sca')]
    expect(run.outputs).toEqual({
      ...scanOutputs(),
      result: 'failed',
      'findings-count': '16',
      'new-count': '16',
      'blocking-count': '6',
      'sast-count': '10',
      'sca-count': '6',
      'secrets-count': '0',
      'ai-sast-count': '0',
      'blocking-ids': JSON.stringify(WEB_MAIN_BLOCKING),
      'tickets-created': '5',
      'ticket-urls': JSON.stringify(urls),
      'project-tags': '["team-web","tier-1","ci-gated"]',
      'sbom-task-token': token,
      'sbom-task-tokens': JSON.stringify({ 'acme/web': token }),
      'sbom-status': 'completed',
      'sbom-file': sbomFile,
      'deployment-slug': 'acme-corp',
      'deployment-id': '4242',
      'report-file': reportFile
    })
    expect(urls).toHaveLength(5)
    // The project is looked up once, by name, and shared by the license query, the tags and the
    // SBOM; the list is not read.
    expect(
      requestsTo(emulator, 'GET', '/api/v1/deployments/acme-corp/projects/acme/web')
    ).toHaveLength(1)
    expect(requestsTo(emulator, 'GET', '/api/v1/deployments/acme-corp/projects')).toHaveLength(0)

    const report = JSON.parse(await readFile(reportFile, 'utf8')) as {
      tickets: { created: { findingIds: number[]; url: string }[]; alreadyTicketed: number }
      tags: { project: string; added: string[]; tags: string[] }
      sbom: { exports: { project: string; taskToken: string; status: string; file: string }[] }
      licenseViolations: { package: string; version: string; license: string }[]
    }
    expect(report.tickets.created.map(t => t.url)).toEqual(urls)
    expect(report.tickets.alreadyTicketed).toBe(0)
    expect(report.tags).toEqual({
      project: 'acme/web',
      added: ['ci-gated'],
      tags: ['team-web', 'tier-1', 'ci-gated']
    })
    expect(report.sbom.exports).toEqual([
      { project: 'acme/web', taskToken: token, status: 'completed', file: sbomFile }
    ])
    expect(report.licenseViolations).toEqual([
      { package: 'PyQt5', version: '5.15.10', license: 'GPL-3.0-only', judgement: 'denied' }
    ])
    const sbom = JSON.parse(await readFile(sbomFile, 'utf8')) as { bomFormat: string }
    expect(sbom.bomFormat).toBe('CycloneDX')
  })
})

describe('e2e actions: when the findings API fails', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })

  // Regression: tags and the SBOM export do not need findings, so they still run when the findings API fails.
  it('on-api-error: warn still adds the project tags and starts the SBOM export', async () => {
    emulator.addFault({
      kind: 'status',
      status: 503,
      path: FINDINGS_PATH,
      times: Infinity
    })
    const run = await runAction(emulator, {
      'on-api-error': 'warn',
      'max-retries': '0',
      'project-tags': 'nightly',
      'sbom-export': 'true'
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.result).toBe('skipped')
    expect(requestsTo(emulator, 'PUT', /\/tags$/)).toHaveLength(1)
    expect(requestsTo(emulator, 'POST', EXPORT_PATH)).toHaveLength(1)
    expect(run.outputs['project-tags']).toBe('["team-web","tier-1","nightly"]')
    expect(run.outputs['sbom-task-token']).toMatch(UUID)
  })
})
