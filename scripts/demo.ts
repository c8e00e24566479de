/**
 * `npm run demo`: starts the API emulator with its sample data and runs the bundled action
 * against it the way a runner would — once with the default thresholds, once relaxed, and once on
 * a repository with a live secret — and prints each verdict, the outputs and the job summary.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sampleCommit, startEmulator } from '../emulator/server.js'
import { runBundledAction, type ActionRun } from './run-action.js'

const SUMMARY_LINES = 45

function decodeCommand(line: string): string {
  return line.replace(/%0A/g, '\n    ').replace(/%0D/g, '').replace(/%25/g, '%')
}

function print(title: string, run: ActionRun): void {
  const bar = '─'.repeat(78)
  console.log(`\n${bar}\n${title}\n${bar}`)
  console.log(`exit code: ${run.exitCode}   (${Math.round(run.durationMs)} ms)`)
  for (const line of run.stdout.split('\n').filter(l => l.startsWith('Waiting for the scan')))
    console.log(`waited:    ${line}`)
  const failure = run.stdout.split('\n').find(line => line.startsWith('::error::'))
  const passed = run.stdout.split('\n').find(line => line.startsWith('Gate passed'))
  if (failure) console.log(`verdict:   ${decodeCommand(failure.slice('::error::'.length))}`)
  if (passed) console.log(`verdict:   ${passed}`)
  const annotations = run.stdout
    .split('\n')
    .filter(line => line.startsWith('::error ') && line.includes('file='))
  console.log(`annotations: ${annotations.length} file/line error annotation(s)`)
  for (const line of annotations.slice(0, 3)) console.log(`  ${decodeCommand(line)}`)
  console.log('\noutputs:')
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`)
  const lines = run.summary.split('\n')
  console.log(
    `\njob summary (${lines.length} lines, first ${Math.min(SUMMARY_LINES, lines.length)}):`
  )
  for (const line of lines.slice(0, SUMMARY_LINES)) console.log(`  │ ${line}`)
}

const ACTION_OUTPUTS = [
  'tickets-created',
  'ticket-urls',
  'project-tags',
  'sbom-status',
  'sbom-file'
]

/**
 * Tickets, tags and an SBOM download, run twice on the same emulator: the second run must create
 * nothing new (the first run's tickets are now on the findings, the tags are already there).
 */
async function demoActions(
  base: Record<string, string>,
  requests: readonly { method: string; path: string }[]
): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'findings-gate-demo-'))
  try {
    const inputs = {
      ...base,
      gate: 'false',
      'create-tickets': 'true',
      'ticket-findings': 'all',
      'project-tags': 'ci-gated, team-web',
      'sbom-export': 'true',
      'sbom-file': join(dir, 'acme-web.cdx.json')
    }
    const counts: number[] = []
    for (const label of ['first run', 'second run']) {
      const before = requests.length
      const run = await runBundledAction({ inputs })
      const writes = requests
        .slice(before)
        .filter(r => r.method !== 'GET' && !r.path.endsWith('/dependencies'))
      const ticketPosts = writes.filter(r => r.path.endsWith('/tickets')).length
      const tagPuts = writes.filter(r => r.path.endsWith('/tags')).length
      counts.push(Number(run.outputs['tickets-created'] ?? 0))
      console.log(
        `\nActions, ${label}: exit ${run.exitCode}; ${ticketPosts} ticket request(s), ${tagPuts} tag update(s)`
      )
      for (const name of ACTION_OUTPUTS)
        console.log(`  ${name} = ${run.outputs[name] ?? '(unset)'}`)
    }
    const sbom = JSON.parse(await readFile(join(dir, 'acme-web.cdx.json'), 'utf8')) as {
      bomFormat?: string
    }
    console.log(`  downloaded SBOM: bomFormat ${sbom.bomFormat ?? '?'}`)
    return (counts[0] ?? 0) > 0 && counts[1] === 0
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

// The scan of acme/web main is still running when the demo starts, as a managed scan would be:
// run 1 waits for it to complete, then judges its findings.
const emulator = await startEmulator({ scanRunningMs: 3000 })
try {
  console.log(
    `Findings API emulator on ${emulator.url} (deployment acme-corp, sample data; the scan of acme/web main completes in 3 s)`
  )
  const base = {
    'api-token': emulator.token,
    'base-url': emulator.url,
    repository: 'acme/web',
    ref: 'refs/heads/main'
  }
  const strict = await runBundledAction({ inputs: base })
  print(
    'Run 1 — default thresholds (fail-on-severity: high, fail-on-policy-mode: block); waits for the scan of the commit',
    strict
  )
  const relaxed = await runBundledAction({
    inputs: { ...base, 'fail-on-severity': 'critical', 'fail-on-policy-mode': 'none' }
  })
  print('Run 2 — fail-on-severity: critical, fail-on-policy-mode: none', relaxed)
  // acme/api main holds a live OpenAI key: medium, monitor mode, so only fail-on-secrets blocks it.
  const secret = await runBundledAction({
    inputs: {
      ...base,
      repository: 'acme/api',
      commit: sampleCommit('acme/api', 'refs/heads/main'),
      'issue-types': 'secrets',
      'fail-on-severity': 'none',
      'fail-on-policy-mode': 'none'
    }
  })
  print(
    'Run 3 — acme/api, secrets only (fail-on-secrets: valid): a confirmed-valid secret blocks',
    secret
  )
  const actions = await demoActions(base, emulator.requests)
  const waited = strict.stdout.includes('Waiting for the scan of commit')
  const secretBlocks = secret.exitCode === 1 && secret.outputs['blocking-count'] === '1'
  const ok = strict.exitCode === 1 && waited && relaxed.exitCode === 0 && secretBlocks && actions
  console.log(
    `\n${ok ? 'Demo finished' : 'Demo finished with unexpected exit codes'}: run 1 ${strict.outputs.result ?? '?'} (exit ${strict.exitCode}), run 2 ${relaxed.outputs.result ?? '?'} (exit ${relaxed.exitCode}), run 3 ${secret.outputs.result ?? '?'} (exit ${secret.exitCode}); ${emulator.requests.length} API requests served`
  )
  process.exitCode = ok ? 0 : 1
} finally {
  await emulator.close()
}
