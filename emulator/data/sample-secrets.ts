/** The sample secrets findings and the repository without the Secrets product. */
import type { SecretRecord, SecretsState } from './records.js'
import { secretFinding } from './factories.js'
import { DAY_MS } from './seed.js'

type SecretSpec = Partial<Omit<SecretRecord, 'createdAt'>> &
  Pick<SecretRecord, 'id' | 'type'> & { daysAgo: number }

const API = { repository: 'acme/api', ref: 'refs/heads/main' }

/**
 * acme/api main holds one secret of each validation state: a live OpenAI key (medium, monitor
 * mode: only fail-on-secrets blocks it), a revoked AWS key (critical, block mode: still never
 * blocks by them), an unverifiable GitHub token (low, comment mode) and a Stripe key whose check
 * failed (medium). acme/web has only a fixed Slack token on main and a live key on a branch no
 * scan covers, so the verdicts and counts of acme/web stay those of SAST and SCA. acme/payments
 * has no Secrets product. Ids are from 9_100_000, apart from the SAST and SCA samples.
 */
export const SAMPLE_SECRETS: readonly SecretSpec[] = [
  {
    ...API,
    id: 9_100_001,
    type: 'OpenAI',
    severity: 'medium',
    path: 'src/ai/client.ts',
    line: 18,
    daysAgo: 1
  },
  {
    ...API,
    id: 9_100_002,
    type: 'AWS',
    severity: 'critical',
    validationState: 'VALIDATION_STATE_CONFIRMED_INVALID',
    mode: 'MODE_BLOCK',
    path: 'config/aws.ts',
    line: 12,
    daysAgo: 40
  },
  {
    ...API,
    id: 9_100_003,
    type: 'GitHub',
    severity: 'low',
    validationState: 'VALIDATION_STATE_NO_VALIDATOR',
    mode: 'MODE_COMMENT',
    path: 'deploy/ci.env',
    line: 3,
    daysAgo: 8
  },
  {
    ...API,
    id: 9_100_004,
    type: 'Stripe',
    severity: 'medium',
    validationState: 'VALIDATION_STATE_VALIDATION_ERROR',
    path: 'src/billing/keys.ts',
    line: 9,
    daysAgo: 14
  },
  {
    id: 9_100_005,
    type: 'Slack',
    status: 'FINDING_STATUS_FIXED',
    path: 'scripts/notify.sh',
    line: 5,
    daysAgo: 60
  },
  {
    id: 9_100_006,
    ref: 'refs/heads/spike',
    type: 'Heroku',
    path: 'Procfile.env',
    line: 2,
    daysAgo: 2
  }
]

export function sampleSecrets(now: Date): SecretsState {
  return {
    withoutProduct: new Set(['acme/payments']),
    findings: SAMPLE_SECRETS.map(({ daysAgo, ...spec }) =>
      secretFinding({ ...spec, createdAt: new Date(now.getTime() - daysAgo * DAY_MS) })
    )
  }
}
