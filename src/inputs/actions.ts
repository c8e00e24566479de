/** The action inputs: what the run does besides judging (tickets, project tags, SBOM exports). */
import { SBOM_COMPONENT_TYPES } from '../domain.js'
import { MAX_SHARDS, parseShardText, type SbomShard } from './sbom-shard.js'
import { parseSbomSupplier } from './sbom-supplier.js'
import { InputValueError } from './errors.js'
import {
  integerFrom,
  listOf,
  oneOf,
  parseBoolean,
  parseDigits,
  parsePath,
  underscored
} from './parsers.js'
import { parsed } from './parsed-field.js'

const MAX_TAG_LENGTH = 64

export function actionsFields() {
  return {
    createTickets: parsed(parseBoolean).prefault('false'),
    ticketFindings: parsed(oneOf(['blocking', 'all'])).prefault('blocking'),
    ticketLimit: parsed(integerFrom(1, 20)).prefault('20'),
    groupTickets: parsed(parseBoolean).prefault('true'),
    trackerProjectId: parsed(parseDigits).optional(),
    projectTags: parsed(listOf(parseTag)).prefault(''),
    sbomExport: parsed(parseBoolean).prefault('false'),
    sbomScope: parsed(oneOf(['repository', 'deployment'])).prefault('repository'),
    sbomFormat: parsed(oneOf(['json', 'cyclonedx'])).prefault('cyclonedx'),
    sbomComponentType: parsed(oneOf(SBOM_COMPONENT_TYPES, underscored)).prefault('application'),
    sbomSupplier: parsed(parseSbomSupplier).optional(),
    sbomWait: parsed(parseBoolean).prefault('false'),
    sbomWaitTimeoutSeconds: parsed(integerFrom(1, 21_600)).prefault('900'),
    sbomFile: parsed(parsePath).optional(),
    sbomShard: parsed(parseShard).optional()
  }
}

function parseTag(tag: string): string {
  if ([...tag].length > MAX_TAG_LENGTH) {
    throw new InputValueError(`each tag must be at most ${MAX_TAG_LENGTH} characters`, tag)
  }
  return tag
}

function parseShard(raw: string): SbomShard {
  const shard = parseShardText(raw)
  if (shard !== undefined) return shard
  throw new InputValueError(
    `must be k/n with 1 ≤ k ≤ n ≤ ${MAX_SHARDS}, e.g. \${{ matrix.shard }}/8 with shard 1 to 8`,
    raw
  )
}
