/** Where each project's SBOM goes in the folder of a deployment export. */
/** `acme/web` → `acme__web.cdx.json`: one flat folder, no name can climb out of it. */
export function sbomFileName(project: string, format: 'json' | 'cyclonedx'): string {
  const safe = project
    .replace(/\//g, '__')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
  return `${safe}${format === 'cyclonedx' ? '.cdx.json' : '.json'}`
}
