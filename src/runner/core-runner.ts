/**
 * The runner over @actions/core, the only module that imports it (a lint rule keeps it so).
 * Every log line goes through logText, so a server-supplied line can never start a workflow
 * command (see text/log-text.ts why). Annotations go to @actions/core as they are: it escapes
 * `%`, `\r` and `\n` in their message and `:` and `,` in their properties, so their text stays
 * one command line, and quoting its lines would only change what the annotation shows.
 */
import * as core from '@actions/core'
import { logText } from '../text/log-text.js'
import type { Runner } from './runner.js'

export const coreRunner: Runner = {
  getInput: name => core.getInput(name),
  info: message => core.info(logText(message)),
  warning: message => core.warning(logText(message)),
  annotation: (level, message, properties) => {
    if (level === 'error') core.error(message, properties)
    else if (level === 'warning') core.warning(message, properties)
    else core.notice(message, properties)
  },
  setSecret: secret => core.setSecret(secret),
  setOutput: (name, value) => core.setOutput(name, value),
  appendSummary: async markdown => {
    try {
      await core.summary.addRaw(markdown).write()
    } catch (error) {
      // The summary buffer is a process-wide singleton: drop what we added so a later write by
      // someone else does not carry our half-written report.
      core.summary.emptyBuffer()
      throw error
    }
  },
  setFailed: message => core.setFailed(logText(message))
}
