// The Node version LeadRelay needs, from package.json's engines (and .nvmrc), checked before
// anything else is loaded so an older Node gets one clear line instead of a syntax error.
import { readFileSync } from 'node:fs'

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node

export function requireSupportedNode(version = process.versions.node) {
  const minimum = engines.match(/(\d+)\.(\d+)(?:\.(\d+))?/)
  const [major, minor] = version.split('.').map(Number)
  const [needMajor, needMinor] = [Number(minimum[1]), Number(minimum[2])]
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return
  process.stderr.write(`LeadRelay needs Node ${engines} (see .nvmrc); this is Node ${version}.\n`)
  process.exit(1)
}
