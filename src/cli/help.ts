/** `findings-gate --help`: how to run it, where the scan's coordinates come from, every flag. */
import { VERSION } from '../version.js'
import { FLAGS, SEMGREP_TOKEN_ENV, type Flag } from './flags.js'

const WIDTH = 100

/** `text` wrapped at {@link WIDTH}, each line indented. */
function wrap(text: string, indent: string): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(w => w !== '')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line)
      line = word
    } else {
      line = line === '' ? word : `${line} ${word}`
    }
  }
  if (line !== '') lines.push(indent + line)
  return lines
}

function flagHelp(flag: Flag): string[] {
  const usage = flag.boolean
    ? `--${flag.name}, --no-${flag.name}`
    : `--${flag.name} ${flag.valueName ?? 'VALUE'}`
  const shown = flag.default === '' ? '' : ` (default ${flag.default})`
  return [`  ${usage}${shown}`, ...wrap(`${flag.description} [${flag.env.join(', ')}]`, '      ')]
}

const INTRO = [
  `findings-gate ${VERSION}: gate a CI job on the Semgrep AppSec Platform findings of the scan of`,
  'this commit.',
  '',
  'Usage: findings-gate [flags]',
  ''
]

const ABOUT = [
  `Every flag can also be set in the environment as FINDINGS_GATE_<NAME> (upper case, dashes as underscores); a flag wins over the environment, and a FINDINGS_GATE_ variable that names no flag is refused. The token also comes from ${SEMGREP_TOKEN_ENV}; prefer the environment to --api-token, which other users of the machine can read in the process list.`,
  'Repository, ref and commit are those the scanner records: on GitHub Actions as the action derives them; on GitLab CI CI_PROJECT_PATH, CI_COMMIT_REF_NAME and CI_COMMIT_SHA; elsewhere what git says (the origin remote, the branch, HEAD). SEMGREP_REPO_NAME, SEMGREP_BRANCH and SEMGREP_COMMIT win over those outside GitHub Actions; the flags win over everything.',
  'Exit codes: 0 the gate passed (or warn-only, on-missing-scan: warn, on-api-error: warn softened it); 1 the gate failed; 2 no verdict, a bad flag or value, an API error, a failed effect.'
]

export function helpText(): string {
  return [
    ...INTRO,
    ...ABOUT.flatMap(paragraph => [...wrap(paragraph, ''), '']),
    'Flags:',
    ...FLAGS.flatMap(flagHelp),
    '  -h, --help',
    '      This help.',
    '  --version',
    '      The version.',
    ''
  ].join('\n')
}
