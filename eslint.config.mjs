import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

/**
 * The walls between the stages (CONTRIBUTING.md has the map). Data flows
 * inputs → api → evidence/collect → gate → effects → report → main; a folder may import only the
 * folders listed here (and the top-level domain.ts, errors.ts and version.ts), never main.ts.
 */
const MAY_IMPORT = {
  text: [],
  time: [],
  runner: ['text'],
  inputs: ['text', 'time'],
  api: ['text', 'time'],
  gate: ['text', 'time'],
  evidence: ['api', 'collect', 'inputs', 'text', 'time'],
  collect: ['api', 'evidence', 'gate', 'inputs', 'runner', 'text', 'time'],
  effects: ['api', 'gate', 'inputs', 'runner', 'text', 'time'],
  report: ['effects', 'evidence', 'gate', 'inputs', 'runner', 'text', 'time'],
  cli: ['inputs', 'report', 'runner', 'text', 'time']
}
/** Entries that give main.ts a runner may import it: the command's folder (src/*.ts may too). */
const MAY_IMPORT_MAIN = ['cli']
const FOLDERS = Object.keys(MAY_IMPORT)

/** Only the runner over @actions/core writes to the log, through logText (src/text/log-text.ts). */
const CORE_WRITERS = ['src/runner/core-runner.ts']
const CORE = {
  name: '@actions/core',
  message:
    'take a Runner (src/runner/runner.ts) from the caller: its @actions/core implementation keeps server text from forging workflow commands in the log'
}

function wallRule(folder, coreAllowed) {
  const banned = FOLDERS.filter(other => other !== folder && !MAY_IMPORT[folder].includes(other))
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: coreAllowed ? [] : [CORE],
        patterns: [
          {
            regex: `^\\.\\./(${banned.join('|')})/${MAY_IMPORT_MAIN.includes(folder) ? '' : '|^\\.\\./main\\.js$'}`,
            message: `src/${folder}/ may import only ${[...MAY_IMPORT[folder], ...(MAY_IMPORT_MAIN.includes(folder) ? ['main'] : []), 'domain', 'errors', 'version'].join(', ')} (see CONTRIBUTING.md)`
          }
        ]
      }
    ]
  }
}

function importWalls() {
  const walls = FOLDERS.map(folder => ({
    files: [`src/${folder}/**/*.ts`],
    rules: wallRule(folder, false)
  }))
  // Later blocks win: the log writers keep their folder's walls but may import @actions/core.
  const coreWriters = CORE_WRITERS.map(file => ({
    files: [file],
    rules: wallRule(file.split('/')[1], true)
  }))
  return [
    { files: ['src/*.ts'], rules: { 'no-restricted-imports': ['error', { paths: [CORE] }] } },
    ...walls,
    ...coreWriters,
    {
      files: ['emulator/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '(^|/)src/',
                message:
                  'emulator/ is an independent implementation of the API and never imports src/ (docs/adr/0003)'
              }
            ]
          }
        ]
      }
    }
  ]
}

export default defineConfig(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'tmp/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  },
  {
    // One job per file and a function that reads as a sequence (CONTRIBUTING.md).
    files: ['src/**/*.ts', 'emulator/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }]
    }
  },
  ...importWalls(),
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] }
)
