/**
 * The action's inputs as action.yml declares them; the command's flags and its --help are made
 * from them. Generated from action.yml by `npm run docs`: do not edit (cli-docs.test.ts checks).
 */
export interface ActionInput {
  readonly name: string
  readonly description: string
  readonly default: string
  readonly required: boolean
}

export const ACTION_INPUTS: readonly ActionInput[] = [
  {
    name: 'api-token',
    description:
      'Semgrep Web API token (with "Web API" access). Store it as a secret; it is masked at once.',
    default: '',
    required: true
  },
  {
    name: 'base-url',
    description: 'API origin. `http://` is accepted only for loopback hosts.',
    default: 'https://semgrep.dev',
    required: false
  },
  {
    name: 'deployment-slug',
    description: 'Deployment slug. Empty = discovered from the token (GET /api/v1/deployments).',
    default: '',
    required: false
  },
  {
    name: 'deployment-id',
    description:
      'Numeric deployment id. Empty = resolved from the slug or discovered from the token. Set together with deployment-slug, both must name the same deployment; with both set, the scan search whose findings count sizes the findings requests goes out at once (the outputs of one run give both values).',
    default: '',
    required: false
  },
  {
    name: 'timeout-seconds',
    description: 'Timeout of one HTTP request, in seconds (1-600).',
    default: '30',
    required: false
  },
  {
    name: 'max-retries',
    description: 'Retries of a failed request (0-10); N retries means N+1 attempts.',
    default: '4',
    required: false
  },
  {
    name: 'on-api-error',
    description:
      'What to do when the API cannot be reached or answers with an error: fail | warn (result=skipped).',
    default: 'fail',
    required: false
  },
  {
    name: 'on-missing-token',
    description:
      'What to do when api-token is empty because GitHub withholds the secret: a pull request from a fork, or one Dependabot opened. fail (no verdict, the step fails) | skip (result=skipped, the step passes with a warning). Anywhere else an empty api-token is an input error.',
    default: 'fail',
    required: false
  },
  {
    name: 'repository',
    description: 'Repository (project) name as the platform records it, e.g. acme/web.',
    default: '${{ github.repository }}',
    required: false
  },
  {
    name: 'ref',
    description:
      'Git ref whose findings are gated. Empty = the ref the scanner records: refs/pull/<n>/merge on pull_request, the head branch name (e.g. feature/login) on pull_request_target, else github.ref.',
    default: '',
    required: false
  },
  {
    name: 'since',
    description:
      'Only findings relevant since then: ISO 8601 with Z or an offset, epoch seconds, or a duration back from now (30m, 12h, 7d, 2w). Empty = all time.',
    default: '',
    required: false
  },
  {
    name: 'issue-types',
    description:
      'Finding types to judge, comma- or newline-separated (sast, sca, secrets). Each is judged on the newest completed scan of the commit that ran its product. Empty = all three, where a type no scan ran (or a deployment without the Secrets product) is a warning and the summary says which types were judged; named explicitly, a type without its scan is no verdict.',
    default: '',
    required: false
  },
  {
    name: 'status',
    description:
      'Finding statuses to gate, comma- or newline-separated: open, reviewing, fixing, fixed, ignored, provisionally_ignored (AI triage suggests ignoring, unconfirmed; not in the default, see the README).',
    default: 'open,reviewing,fixing',
    required: false
  },
  {
    name: 'require-scan',
    description:
      "What the gate must prove before it judges. commit = the scan of this commit on the ref has completed (waits while it runs) | ref = the newest completed scan of the ref, whatever its commit (its age is shown) | none = judge the ref's findings as they are, unchecked.",
    default: 'commit',
    required: false
  },
  {
    name: 'commit',
    description:
      "Commit whose scan is required. Empty = the pull request's head sha on pull_request and pull_request_target (what the scanner records), else github.sha.",
    default: '',
    required: false
  },
  {
    name: 'scan-wait-timeout-seconds',
    description: "How long to wait for the commit's scan to complete, 0-3600 (0 = look once).",
    default: '600',
    required: false
  },
  {
    name: 'on-missing-scan',
    description:
      'When the scan cannot be proven (none within the wait, or it failed or was superseded): fail | warn (result=skipped, the step passes with a warning).',
    default: 'fail',
    required: false
  },
  {
    name: 'gate',
    description:
      'Evaluate the gate. false = only run the actions (tickets, tags, SBOM); result=skipped.',
    default: 'true',
    required: false
  },
  {
    name: 'fail-on-severity',
    description:
      'Block findings of this severity or higher: critical | high | medium | low | none.',
    default: 'high',
    required: false
  },
  {
    name: 'fail-on-policy-mode',
    description:
      'Block SAST findings whose rule is in this policy mode or stricter: block | comment | monitor | none.',
    default: 'block',
    required: false
  },
  {
    name: 'fail-on-exposures',
    description:
      'SCA reachabilities that count toward the severity gate (reachable, always_reachable, conditionally_reachable, unreachable, unknown), or none.',
    default: 'reachable,always_reachable',
    required: false
  },
  {
    name: 'fail-on-malicious',
    description: 'Block any finding from a malicious dependency, whatever its severity.',
    default: 'true',
    required: false
  },
  {
    name: 'fail-on-secrets',
    description:
      'Which secrets block whatever their severity, by validation state: valid (confirmed valid), valid-or-unverified (also validation error, no validator), any, or none. A secret confirmed invalid never blocks otherwise.',
    default: 'valid',
    required: false
  },
  {
    name: 'ignore-rules',
    description:
      'Rule names whose findings never block (still listed as ignored), comma- or newline-separated.',
    default: '',
    required: false
  },
  {
    name: 'ignore-file',
    description:
      'YAML or JSON file of ignore entries {rule?, id?, path?, reason, expires?}. On pull requests it is read at the base commit (github-token), so a PR cannot exempt itself.',
    default: '',
    required: false
  },
  {
    name: 'deny-licenses',
    description:
      'Licenses (SPDX ids) whose dependencies in this repository block, comma- or newline-separated.',
    default: '',
    required: false
  },
  {
    name: 'warn-only',
    description:
      'A failed verdict becomes a warning and the step passes (result stays failed). It does not soften "no verdict" (missing scan, API errors): see on-missing-scan and on-api-error.',
    default: 'false',
    required: false
  },
  {
    name: 'create-tickets',
    description: 'Open issue-tracker tickets for findings that have none yet.',
    default: 'false',
    required: false
  },
  {
    name: 'ticket-findings',
    description: 'Which findings get tickets: blocking | all.',
    default: 'blocking',
    required: false
  },
  {
    name: 'ticket-limit',
    description: 'Most tickets to create per finding type (1-20).',
    default: '20',
    required: false
  },
  {
    name: 'group-tickets',
    description: 'Group findings of the same rule and repository into one ticket.',
    default: 'true',
    required: false
  },
  {
    name: 'tracker-project-id',
    description:
      'Numeric issue-tracker project id. Empty = the project of the integration settings.',
    default: '',
    required: false
  },
  {
    name: 'project-tags',
    description:
      'Tags to add to the project (never removes existing tags), comma- or newline-separated.',
    default: '',
    required: false
  },
  {
    name: 'sbom-export',
    description: 'Start an SBOM export job.',
    default: 'false',
    required: false
  },
  {
    name: 'sbom-scope',
    description: 'repository (this repository) | deployment (every project of the deployment).',
    default: 'repository',
    required: false
  },
  {
    name: 'sbom-format',
    description: 'json | cyclonedx.',
    default: 'cyclonedx',
    required: false
  },
  {
    name: 'sbom-component-type',
    description:
      'CycloneDX metadata component type: application | framework | library | container | platform | operating_system | device | device_driver | firmware | file | machine_learning_model | data.',
    default: 'application',
    required: false
  },
  {
    name: 'sbom-supplier-name',
    description: 'Supplier name written into the SBOM metadata.',
    default: '',
    required: false
  },
  {
    name: 'sbom-supplier-url',
    description: 'Supplier URL written into the SBOM metadata.',
    default: '',
    required: false
  },
  {
    name: 'sbom-supplier-email',
    description: 'Supplier contact e-mail written into the SBOM metadata.',
    default: '',
    required: false
  },
  {
    name: 'sbom-wait',
    description: 'Wait for the export to finish (implied by sbom-file).',
    default: 'false',
    required: false
  },
  {
    name: 'sbom-wait-timeout-seconds',
    description: 'How long to wait for an export, in seconds.',
    default: '900',
    required: false
  },
  {
    name: 'sbom-file',
    description:
      'Where to download the SBOM. With sbom-scope deployment this is a directory, one file per project.',
    default: '',
    required: false
  },
  {
    name: 'sbom-shard',
    description:
      'k/n (e.g. ${{ matrix.shard }}/8): with sbom-scope deployment, export only shard k of n, the projects whose FNV-1a hash of the lowercased name mod n is k-1. The n shards are disjoint and cover every project.',
    default: '',
    required: false
  },
  {
    name: 'summary',
    description: 'Write the job summary.',
    default: 'true',
    required: false
  },
  {
    name: 'annotations',
    description: 'Annotate blocking findings at their file and line.',
    default: 'true',
    required: false
  },
  {
    name: 'max-annotations',
    description: 'Most annotations to emit (0-1000).',
    default: '50',
    required: false
  },
  {
    name: 'sarif-file',
    description: 'Write a SARIF 2.1.0 file here (for github/codeql-action/upload-sarif).',
    default: '',
    required: false
  },
  {
    name: 'report-file',
    description: 'Write a JSON report here.',
    default: '',
    required: false
  },
  {
    name: 'comment-on-pr',
    description:
      'Post or update one pull-request comment with the summary: always | on-failure | never.',
    default: 'never',
    required: false
  },
  {
    name: 'github-token',
    description:
      'Token for the pull-request comment, and on pull requests for reading ignore-file at the base commit (it needs the contents read permission).',
    default: '${{ github.token }}',
    required: false
  }
]
