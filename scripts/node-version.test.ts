import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => readFileSync(`${ROOT}/${path}`, 'utf8')

interface LockedPackage {
  engines?: { node?: string } | string[]
  dev?: boolean
  optional?: boolean
}

describe('the Node version the README states', () => {
  const nvmrc = read('.nvmrc').trim()
  const engines = JSON.parse(read('package.json')).engines.node as string

  it('is the minimum of package.json engines and is named in the README', () => {
    expect(semver.minVersion(engines)?.version).toBe(semver.coerce(nvmrc)?.version)
    expect(read('README.md')).toContain(`Node ${nvmrc}`)
  })

  // `npm install` warns (EBADENGINE) for every locked package whose engines exclude this version.
  it('is accepted by the engines range of every locked dependency', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> }
    const minimum = semver.coerce(nvmrc)?.version ?? nvmrc
    const refusing = Object.entries(lock.packages)
      .filter(([path, pkg]) => path !== '' && typeof pkg.engines === 'object' && !Array.isArray(pkg.engines))
      .filter(([, pkg]) => {
        const range = (pkg.engines as { node?: string }).node
        return range !== undefined && !semver.satisfies(minimum, range, { includePrerelease: true })
      })
      .map(
        ([path, pkg]) =>
          `${path.replace(/^.*node_modules\//, '')} wants node ${(pkg.engines as { node: string }).node}`,
      )
    expect(refusing).toEqual([])
  })
})
