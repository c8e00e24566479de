/**
 * End-to-end tests of what the gate fetches and keeps: the finding statuses it asks for and the
 * findings the server returns out of scope. The bundled action runs against the emulator.
 */
import { describe, expect, it } from '@jest/globals'
import { sastFinding, scaFinding } from '../emulator/server.js'
import {
  BUNDLE_BUILT,
  errorLines,
  findingsRequests,
  runAction,
  withEmulator
} from './helpers/e2e.js'

const d = BUNDLE_BUILT ? describe : describe.skip

/** A branch of acme/web with only the findings a test adds, so sample counts do not move. */
const REF = 'refs/heads/triaged'

d('e2e scope: finding statuses', () => {
  it('by default a high finding moved to reviewing or fixing still blocks; ignored and fixed do not', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.sastFindings.push(
        sastFinding({ id: 9100001, ref: REF, severity: 'high', status: 'reviewing' }),
        sastFinding({ id: 9100002, ref: REF, severity: 'high', status: 'ignored' })
      )
      emulator.state.scaFindings.push(
        scaFinding({ id: 9100003, ref: REF, severity: 'high', status: 'fixing' }),
        scaFinding({ id: 9100004, ref: REF, severity: 'high', status: 'fixed' })
      )

      const run = await runAction(emulator, { ref: REF, 'fail-on-policy-mode': 'none' })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        result: 'failed',
        'findings-count': '2',
        'blocking-ids': '[9100001,9100003]'
      })
      expect(errorLines(run)).toHaveLength(1)
      const sent = findingsRequests(emulator).map(r =>
        [...(r.query.issue_type ?? []), ...(r.query.status ?? [])].join(' ')
      )
      expect(sent.sort()).toEqual([
        'sast fixing',
        'sast open',
        'sast reviewing',
        'sca fixing',
        'sca open',
        'sca reviewing'
      ])
    })
  })

  it('status: open alone fetches only open findings, so the triaged ones do not block', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.sastFindings.push(
        sastFinding({ id: 9100001, ref: REF, severity: 'high', status: 'reviewing' })
      )
      const run = await runAction(emulator, {
        ref: REF,
        status: 'open',
        'fail-on-policy-mode': 'none'
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ result: 'passed', 'findings-count': '0' })
      expect(findingsRequests(emulator).map(r => r.query.status)).toEqual([['open'], ['open']])
    })
  })
})
