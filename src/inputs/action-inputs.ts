/**
 * The action's inputs as action.yml declares them; the command's flags and its --help are made
 * from them. Generated from action.yml by `npm run docs`: do not edit (cli-docs.test.ts checks).
 */
export interface ActionInput {
  readonly name: string
  readonly default: string
  readonly required: boolean
  readonly description: string
}

export const ACTION_INPUTS: readonly ActionInput[] = [
  {"name":"api-token","default":"","required":true,"description":"Semgrep Web API token (with \"Web API\" access). Store it as a secret; it is masked at once."},
  {"name":"base-url","default":"https://semgrep.dev","required":false,"description":"API origin. `http://` is accepted only for loopback hosts."},
  {"name":"deployment-slug","default":"","required":false,"description":"Deployment slug. Empty = discovered from the token (GET /api/v1/deployments), a round trip more before the findings are read."},
  {"name":"deployment-id","default":"","required":false,"description":"Numeric deployment id. Empty = resolved from the slug or discovered from the token. Set together with deployment-slug, both must name the same deployment, or there is no verdict."},
  {"name":"timeout-seconds","default":"30","required":false,"description":"Timeout of one HTTP request, in seconds (1-600)."},
  {"name":"max-retries","default":"4","required":false,"description":"Retries of a failed request (0-10); N retries means N+1 attempts."},
  {"name":"on-api-error","default":"fail","required":false,"description":"What to do when the API cannot be reached or answers with an error: fail | warn (result=skipped)."},
  {"name":"on-missing-token","default":"fail","required":false,"description":"What to do when api-token is empty because GitHub withholds the secret: a pull request from a fork, or one Dependabot opened. fail (no verdict, the step fails) | warn (result=skipped, the step passes with a warning). Anywhere else an empty api-token is an input error."},
  {"name":"config-file","default":"","required":false,"description":"YAML file of the gate's thresholds and behaviour inputs, keyed by input name (e.g. `fail-on-severity: critical`), for one policy across repositories. A workspace path (on pull requests and merge_group read at the base commit with github-token) or OWNER/REPO/PATH@REF (read through GitHub, with config-token). An input set in the workflow overrides the file; tokens, URLs, what is gated and the files written cannot be set in it."},
  {"name":"config-token","default":"","required":false,"description":"Token that reads config-file OWNER/REPO/PATH@REF (contents: read on that repository). Empty = github-token."},
  {"name":"repository","default":"${{ github.repository }}","required":false,"description":"Repository (project) name as the platform records it, e.g. acme/web."},
  {"name":"ref","default":"","required":false,"description":"Git ref whose findings are gated. Empty = the ref the scanner records: refs/pull/<n>/merge on pull_request, the head branch name (e.g. feature/login) on pull_request_target, else github.ref."},
  {"name":"baseline-ref","default":"","required":false,"description":"Findings also on this ref (the same platform match id) are existing: reported apart, never blocking, so only what the change adds blocks. On pull requests set it to the base branch (github.base_ref). Its findings are those of its own newest completed scans; when they cannot be read or proven, a warning says so and every finding is judged. Empty = every finding is judged."},
  {"name":"since","default":"","required":false,"description":"Only findings relevant since then: ISO 8601 with Z or an offset, epoch seconds, or a duration back from now (30m, 12h, 7d, 2w). Empty = all time."},
  {"name":"issue-types","default":"","required":false,"description":"Finding types to judge, comma- or newline-separated (sast, sca, secrets, ai_sast: Code, Supply Chain, Secrets, AI-powered detection). Each is judged on the newest completed scan of the commit that ran its product. Empty = all four, where a type no scan ran (or a deployment without the Secrets product) is a warning and the summary says which types were judged; named explicitly, a type without its scan is no verdict."},
  {"name":"status","default":"open,reviewing,fixing","required":false,"description":"Finding statuses to gate, comma- or newline-separated: open, reviewing, fixing, fixed, ignored, provisionally_ignored (AI triage suggests ignoring, unconfirmed; not in the default, see the README)."},
  {"name":"require-scan","default":"commit","required":false,"description":"What the gate must prove before it judges. commit = the scan of this commit on the ref has completed (waits while it runs) | ref = the newest completed scan of the ref, whatever its commit (its age is shown) | none = judge the ref's findings as they are, unchecked."},
  {"name":"commit","default":"","required":false,"description":"Commit whose scan is required: a full 40-character sha (`git rev-parse HEAD`), never an abbreviated one, which may name two commits. Empty = the pull request's head sha on pull_request and pull_request_target (what the scanner records), else github.sha."},
  {"name":"scan-wait-timeout-seconds","default":"600","required":false,"description":"How long to wait for the commit's scan to complete, 0-3600 (0 = look once)."},
  {"name":"on-missing-scan","default":"fail","required":false,"description":"When the scan cannot be proven (none within the wait, or it failed or was superseded): fail | warn (result=skipped, the step passes with a warning)."},
  {"name":"gate","default":"true","required":false,"description":"Evaluate the gate. false = only run the actions (tickets, tags, SBOM); result=skipped."},
  {"name":"fail-on-severity","default":"high","required":false,"description":"Block findings of this severity or higher: critical | high | medium | low | none."},
  {"name":"fail-on-policy-mode","default":"block","required":false,"description":"Block SAST findings whose rule is in this policy mode or stricter: block | comment | monitor | none."},
  {"name":"fail-on-exposures","default":"reachable,always_reachable","required":false,"description":"SCA reachabilities that count toward the severity gate (reachable, always_reachable, conditionally_reachable, unreachable, unknown), or none."},
  {"name":"fail-on-transitivities","default":"direct,transitive,unknown","required":false,"description":"SCA transitivities that count toward the severity and EPSS gates (direct, transitive, unknown), comma- or newline-separated, or none. E.g. direct: a finding in a transitive dependency does not block (it is still reported)."},
  {"name":"ignore-unfixed","default":"false","required":false,"description":"true = an SCA finding with no fix recommendation does not block by severity or EPSS (it is still reported). A malicious dependency still blocks."},
  {"name":"fail-on-epss","default":"","required":false,"description":"EPSS probability from 0 to 1: an SCA finding whose score is at or above it blocks whatever its severity (fail-on-exposures, fail-on-transitivities and ignore-unfixed still apply). Empty = EPSS does not block."},
  {"name":"fail-on-malicious","default":"true","required":false,"description":"Block any finding from a malicious dependency, whatever its severity."},
  {"name":"fail-on-secrets","default":"valid","required":false,"description":"Which secrets block whatever their severity, by validation state: valid (confirmed valid), valid-or-unverified (also validation error, no validator), any, or none. A secret confirmed invalid never blocks otherwise."},
  {"name":"ignore-rules","default":"","required":false,"description":"Rule names whose findings never block (still listed as ignored), comma- or newline-separated."},
  {"name":"ignore-file","default":"","required":false,"description":"YAML or JSON file of ignore entries {rule?, id?, path?, vulnerability?, package?, version?, reason, expires?}. On pull requests and merge_group it is read at the base commit (github-token), so a PR cannot exempt itself."},
  {"name":"deny-licenses","default":"","required":false,"description":"Licenses (SPDX ids) whose dependencies in this repository block, comma- or newline-separated. An SPDX expression is denied only when every alternative (OR) is."},
  {"name":"allow-licenses","default":"","required":false,"description":"Licenses (SPDX ids) allowed in this repository's dependencies, comma- or newline-separated; any other blocks. An SPDX expression passes when one alternative (OR) is allowed; a dependency of unknown license is listed and does not block; one whose expression cannot be read blocks. Refused together with deny-licenses."},
  {"name":"warn-only","default":"false","required":false,"description":"A failed verdict becomes a warning and the step passes (result stays failed). It does not soften \"no verdict\" (missing scan, API errors): see on-missing-scan and on-api-error."},
  {"name":"create-tickets","default":"false","required":false,"description":"Open issue-tracker tickets for findings that have none yet."},
  {"name":"ticket-findings","default":"blocking","required":false,"description":"Which findings get tickets: blocking | all."},
  {"name":"ticket-limit","default":"20","required":false,"description":"Most tickets to create per finding type (1-20)."},
  {"name":"group-tickets","default":"true","required":false,"description":"Group findings of the same rule and repository into one ticket."},
  {"name":"tracker-project-id","default":"","required":false,"description":"Numeric issue-tracker project id. Empty = the project of the integration settings."},
  {"name":"project-tags","default":"","required":false,"description":"Tags to add to the project (never removes existing tags), comma- or newline-separated."},
  {"name":"sbom-export","default":"false","required":false,"description":"Start an SBOM export job."},
  {"name":"sbom-scope","default":"repository","required":false,"description":"repository (this repository) | deployment (every project of the deployment)."},
  {"name":"sbom-format","default":"cyclonedx","required":false,"description":"json | cyclonedx."},
  {"name":"sbom-component-type","default":"application","required":false,"description":"CycloneDX metadata component type: application | framework | library | container | platform | operating_system | device | device_driver | firmware | file | machine_learning_model | data."},
  {"name":"sbom-supplier","default":"","required":false,"description":"Who supplies the software, written into the SBOM metadata, as \"Name <e-mail> (URL)\" with each part optional, e.g. `Acme Corp <security@acme.example> (https://acme.example)`."},
  {"name":"sbom-wait","default":"false","required":false,"description":"Wait for the export to finish (implied by sbom-file)."},
  {"name":"sbom-wait-timeout-seconds","default":"900","required":false,"description":"How long to wait for an export, in seconds."},
  {"name":"sbom-file","default":"","required":false,"description":"Where to download the SBOM. With sbom-scope deployment this is a directory, one file per project named <project id>-<org>__<repo>.cdx.json (.json with sbom-format json), so no two projects share a file, even on a case-insensitive file system."},
  {"name":"sbom-shard","default":"","required":false,"description":"k/n (e.g. ${{ matrix.shard }}/8): with sbom-scope deployment, export only shard k of n, the projects whose FNV-1a hash of the lowercased name mod n is k-1. The n shards are disjoint and cover every project."},
  {"name":"summary","default":"true","required":false,"description":"Write the job summary."},
  {"name":"max-annotations","default":"25","required":false,"description":"Most findings to annotate at their file and line (0-1000; 0 = none): blocking ones as errors, non-blocking high and critical ones as warnings, the others as notices. GitHub shows 10 annotations of each level in a step, and the action keeps some for its own lines, so at most 25 are emitted (8 errors, 8 warnings fewer the warnings already logged, 9 notices); a larger value is lowered to that, with a warning."},
  {"name":"sarif-file","default":"","required":false,"description":"Write a SARIF 2.1.0 file here (for github/codeql-action/upload-sarif): at most 25,000 results, blocking first, then the most severe, and at most 8 MiB gzipped; the run's properties.leftOut and the summary say how many findings were left out."},
  {"name":"sarif-category","default":"","required":false,"description":"Code-scanning category of the SARIF run (its automationDetails.id is <category>/, which takes the place of upload-sarif's category). Give each configuration its own, or their uploads close each other's alerts. Default findings-gate/<issue types joined by ->, e.g. findings-gate/sast-sca-secrets-ai_sast."},
  {"name":"report-file","default":"","required":false,"description":"Write a JSON report here."},
  {"name":"comment-on-pr","default":"never","required":false,"description":"Post or update one pull-request comment with the summary: always | on-failure | never."},
  {"name":"github-token","default":"${{ github.token }}","required":false,"description":"Token for the pull-request comment, and on pull requests and merge_group for reading ignore-file and config-file at the base commit (it needs the contents read permission)."},
]
