/**
 * `sbom-supplier`: who supplies the software, written into the SBOM metadata. One input in the
 * form npm gives a person (`Acme Corp <security@acme.example> (https://acme.example)`), every
 * part optional, so the name, contact and web site that belong together are set together.
 */
import { InputValueError } from './errors.js'
import { parseEmail, parsePlainText, parseWebUrl } from './parsers.js'

export interface SbomSupplier {
  readonly name?: string
  readonly url?: string
  readonly email?: string
}

/** The name, then `<e-mail>`, then `(URL)`; the name holds none of the four brackets. */
const SUPPLIER = /^([^<>()]*?)\s*(?:<([^<>()]*)>)?\s*(?:\(([^<>()]*)\))?$/

const FORM =
  'must be "Name <e-mail> (URL)" with each part optional, in that order, e.g. Acme Corp <security@acme.example> (https://acme.example)'

export function parseSbomSupplier(raw: string): SbomSupplier {
  const match = SUPPLIER.exec(parsePlainText(raw))
  if (match === null) throw new InputValueError(FORM, raw)
  const [name, email, url] = [match[1], match[2], match[3]].map(part => part?.trim() ?? '')
  if (name === '' && email === '' && url === '') throw new InputValueError(FORM, raw)
  const problems: InputValueError[] = []
  const checked = (part: string, parse: (text: string) => string): string | undefined => {
    if (part === '') return undefined
    try {
      return parse(part)
    } catch (error) {
      if (!(error instanceof InputValueError)) throw error
      problems.push(error)
      return undefined
    }
  }
  const webSite = checked(url, parseWebUrl)
  const contact = checked(email, parseEmail)
  if (problems.length > 0) throw new AggregateError(problems)
  return Object.freeze({
    ...(name !== '' && { name }),
    ...(webSite !== undefined && { url: webSite }),
    ...(contact !== undefined && { email: contact })
  })
}
