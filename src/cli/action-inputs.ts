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
    name: 'config-file',
    description:
      "YAML file of the gate's thresholds and behaviour inputs, keyed by input name (e.g. `fail-on-severity: critical`), for one policy across repositories. A workspace path (on pull requests read at the base commit, with github-token) or OWNER/REPO/PATH@REF, read through the GitHub contents API with config-token. An input set in the workflow overrides the file; tokens, URLs, what is gated and the files written cannot be set in it.",
    default: '',
    required: false
  },
  {
    name: 'config-token',
    description:
      'Token that reads config-file OWNER/REPO/PATH@REF (contents: read on that repository). Empty = github-token.',
    default: '',
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
    name: 'baseline-ref',
    description:
      'Findings also on this ref (the same platform match id) are existing: reported apart, never blocking, so only what the change adds blocks; on pull requests, github.base_ref. Its findings are those of its own newest completed scans; when they cannot be read or proven, a warning says so and every finding is judged. Empty = every finding is judged.',
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
    name: 'fail-on-transitivities',
    description:
      'SCA transitivities that count toward the severity and EPSS gates (direct, transitive, unknown), comma- or newline-separated, or none. E.g. direct: a finding in a transitive dependency does not block (it is still reported).',
    default: 'direct,transitive,unknown',
    required: false
  },
  {
    name: 'ignore-unfixed',
    description:
      'true = an SCA finding with no fix recommendation does not block by severity or EPSS (it is still reported). A malicious dependency still blocks.',
    default: 'false',
    required: false
  },
  {
    name: 'fail-on-epss',
    description:
      'EPSS probability from 0 to 1: an SCA finding whose score is at or above it blocks whatever its severity (fail-on-exposures, fail-on-transitivities and ignore-unfixed still apply). Empty = EPSS does not block.',
    default: '',
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
      'YAML or JSON file of ignore entries {rule?, id?, path?, vulnerability?, package?, version?, reason, expires?}. On pull requests it is read at the base commit (github-token), so a PR cannot exempt itself.',
    default: '',
    required: false
  },
  {
    name: 'deny-licenses',
    description:
      'Licenses (SPDX ids) whose dependencies in this repository block, comma- or newline-separated. An SPDX expression is denied only when every alternative (OR) is.',
    default: '',
    required: false
  },
  {
    name: 'allow-licenses',
    description:
      "Licenses (SPDX ids) allowed in this repository's dependencies, comma- or newline-separated; any other blocks. An SPDX expression passes when one alternative (OR) is allowed; a dependency of unknown license is listed and does not block; one whose expression cannot be read blocks. Refused together with deny-licenses.",
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
      'Where to download the SBOM. With sbom-scope deployment this is a directory, one file per project named <project id>-<org>__<repo>.cdx.json (.json with sbom-format json), so no two projects share a file, even on a case-insensitive file system.',
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
    description:
      'Annotate findings at their file and line: blocking ones as errors, non-blocking high and critical ones as warnings, the others as notices; a notice says how many were not annotated.',
    default: 'true',
    required: false
  },
  {
    name: 'max-annotations',
    description:
      'Most findings to annotate (0-1000). GitHub shows 10 annotations of each level in a step, and the action keeps some for its own lines, so at most 25 are emitted (8 errors, 8 warnings fewer the warnings already logged, 9 notices); a larger value is lowered to that, with a warning.',
    default: '25',
    required: false
  },
  {
    name: 'sarif-file',
    description:
      "Write a SARIF 2.1.0 file here (for github/codeql-action/upload-sarif): at most 25,000 results, blocking first, then the most severe, and at most 8 MiB gzipped; the run's properties.leftOut and the summary say how many findings were left out.",
    default: '',
    required: false
  },
  {
    name: 'sarif-category',
    description:
      "Code-scanning category of the SARIF run (its automationDetails.id is <category>/, which takes the place of upload-sarif's category). Give each configuration its own, or their uploads close each other's alerts. Default findings-gate/<issue types joined by ->, e.g. findings-gate/sast-sca-secrets.",
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
