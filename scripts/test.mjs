// `npm test`: unit and integration tests, then the browser tests in Chromium, then one line
// with the totals. Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWebBuild } from './web-build.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const resultsDir = join(root, '.tmp/test-results')
mkdirSync(resultsDir, { recursive: true })
const CHROMIUM = '/usr/bin/chromium'

function runVitestOnce(name, args) {
  const output = join(resultsDir, `${name}.json`)
  rmSync(output, { force: true })
  console.log(`\n=== ${name} tests (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) ===`)
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    { cwd: root, stdio: 'inherit' },
  )
  const slowest = slowestFiles(name, output)
  return { ...countResults(output, result.status), slowest }
}

/** How many of the slowest files each run names: CI keeps the suite under its time budget. */
const SLOWEST_FILES = 12

// The suite's time is what CI spends most of: naming the slowest files in the log says where to
// look first when it grows (a file's wall time, from vitest's own report).
function slowestFiles(name, file) {
  if (!existsSync(file)) return []
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const files = report.testResults
    .map((suite) => ({ path: suite.name.replace(root, ''), ms: suite.endTime - suite.startTime }))
    .filter((entry) => Number.isFinite(entry.ms))
    .sort((a, b) => b.ms - a.ms)
  const total = (Date.now() - report.startTime) / 1000
  console.log(`\nSlowest ${name} files (${files.length} files, ${total.toFixed(0)} s in all):`)
  const named = files
    .slice(0, SLOWEST_FILES)
    .map((entry) => `${(entry.ms / 1000).toFixed(1).padStart(6)} s  ${entry.path}`)
  for (const line of named) console.log(`  ${line}`)
  return named
}

/** At most this many failed files are run a second time; more is a breakage, not a flake. */
const MAX_FILES_AGAIN = 3

/**
 * Runs the suite; a file with a failed test is run once more, alone. A test that passes then is
 * counted as passed and named as FLAKY at the end (a timing margin to look at, not to hide); a
 * test that fails again is a failure. One slow moment of a busy machine must not cost a change.
 */
function runVitest(name, args) {
  const first = runVitestOnce(name, args)
  const files = Object.keys(first.failedByFile)
  if (first.failed === 0 || files.length === 0 || files.length > MAX_FILES_AGAIN) return first
  console.log(`\n${files.length} file(s) had failures; running them once more: ${files.join(', ')}`)
  const again = runVitestOnce(`${name}-again`, [...args, ...files])
  if (again.failed > 0) return first
  const passedBefore = files.reduce((sum, file) => sum + first.passedByFile[file], 0)
  return {
    ...again,
    slowest: first.slowest,
    passed: first.passed - passedBefore + again.passed,
    flaky: first.names,
  }
}

// Failed tests, plus files that failed without running a test (an import error, a crash), each
// named: CI keeps only the end of its log, so the names are repeated at the end.
function countResults(file, exitCode) {
  const none = { passedByFile: {}, failedByFile: {}, flaky: [] }
  if (!existsSync(file)) return { passed: 0, failed: 1, names: [`${file}: no report`], ...none }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  let failed = report.numFailedTests
  const names = []
  const passedByFile = {}
  const failedByFile = {}
  for (const suite of report.testResults) {
    const path = suite.name.replace(root, '')
    const failedTests = suite.assertionResults.filter((a) => a.status === 'failed')
    passedByFile[path] = suite.assertionResults.filter((a) => a.status === 'passed').length
    for (const test of failedTests) names.push(`${path} > ${test.fullName}`)
    if (failedTests.length > 0) failedByFile[path] = failedTests.length
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed += 1
      failedByFile[path] = 1
      names.push(`${path}: ${(suite.message ?? 'failed without running a test').split('\n')[0]}`)
    }
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1
    names.push(`${file}: vitest exited with ${exitCode}`)
  }
  return { passed: report.numPassedTests, failed, names, passedByFile, failedByFile, flaky: [] }
}

const totals = { passed: 0, failed: 0, failures: [], flaky: [], slowest: [] }
const add = (counts) => {
  totals.slowest.push(...(counts.slowest ?? []).slice(0, 5))
  totals.passed += counts.passed
  totals.failed += counts.failed
  totals.failures.push(...counts.names)
  totals.flaky.push(...counts.flaky)
}

add(runVitest('unit-and-integration', []))

if (process.env.SKIP_E2E === '1') {
  console.log('\nBrowser tests skipped on purpose (SKIP_E2E=1).')
} else if (!existsSync(CHROMIUM)) {
  console.error(
    `\nBrowser tests need Debian's Chromium at ${CHROMIUM}: run \`apt-get install -y chromium\`, or set SKIP_E2E=1 to skip them on purpose.`,
  )
  totals.failed += 1
  totals.failures.push('browser tests: no Chromium')
} else {
  ensureWebBuild()
  add(runVitest('browser', ['--config', 'e2e/vitest.config.ts']))
}

writeFileSync(join(resultsDir, 'totals.json'), JSON.stringify(totals))
for (const name of totals.flaky) console.log(`FLAKY (failed once, passed when run again): ${name}`)
for (const name of totals.failures) console.log(`FAILED: ${name}`)
console.log(`\nTotals: ${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed > 0 ? 1 : 0)
