/** The sample secrets findings and the repository without the Secrets product. */
import type { SecretsState } from './records.js'
import { secretFinding } from './factories.js'

/**
 * acme/api main holds one secret of each validation state: a live OpenAI key (medium, monitor
 * mode: only fail-on-secrets blocks it), a revoked AWS key (critical, block mode: still never
 * blocks by them), an unverifiable GitHub token (low, comment mode) and a Stripe key whose check
 * failed (medium). acme/web has only a fixed Slack token on main and a live key on a branch no
 * scan covers, so the verdicts and counts of acme/web stay those of SAST and SCA. acme/payments
 * has no Secrets product. Ids are from 9_100_000, apart from the SAST and SCA samples.
 */
export function sampleSecrets(now: Date): SecretsState {
  const daysAgo = (days: number): Date => new Date(now.getTime() - days * 86_400_000)
  const api = { repository: 'acme/api', ref: 'refs/heads/main' }
  return {
    withoutProduct: new Set(['acme/payments']),
    findings: [
      secretFinding({
        ...api,
        id: 9_100_001,
        type: 'OpenAI',
        severity: 'medium',
        path: 'src/ai/client.ts',
        line: 18,
        createdAt: daysAgo(1)
      }),
      secretFinding({
        ...api,
        id: 9_100_002,
        type: 'AWS',
        severity: 'critical',
        validationState: 'VALIDATION_STATE_CONFIRMED_INVALID',
        mode: 'MODE_BLOCK',
        path: 'config/aws.ts',
        line: 12,
        createdAt: daysAgo(40)
      }),
      secretFinding({
        ...api,
        id: 9_100_003,
        type: 'GitHub',
        severity: 'low',
        validationState: 'VALIDATION_STATE_NO_VALIDATOR',
        mode: 'MODE_COMMENT',
        path: 'deploy/ci.env',
        line: 3,
        createdAt: daysAgo(8)
      }),
      secretFinding({
        ...api,
        id: 9_100_004,
        type: 'Stripe',
        severity: 'medium',
        validationState: 'VALIDATION_STATE_VALIDATION_ERROR',
        path: 'src/billing/keys.ts',
        line: 9,
        createdAt: daysAgo(14)
      }),
      secretFinding({
        id: 9_100_005,
        type: 'Slack',
        status: 'FINDING_STATUS_FIXED',
        path: 'scripts/notify.sh',
        line: 5,
        createdAt: daysAgo(60)
      }),
      secretFinding({
        id: 9_100_006,
        ref: 'refs/heads/spike',
        type: 'Heroku',
        path: 'Procfile.env',
        line: 2,
        createdAt: daysAgo(2)
      })
    ]
  }
}
