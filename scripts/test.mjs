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

function runVitest(name, args) {
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
  return countResults(output, result.status)
}

// Failed tests, plus files that failed without running a test (an import error, a crash).
function countResults(file, exitCode) {
  if (!existsSync(file)) return { passed: 0, failed: 1 }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  let failed = report.numFailedTests
  for (const suite of report.testResults) {
    if (suite.status === 'failed' && !suite.assertionResults.some((a) => a.status === 'failed')) failed += 1
  }
  if (exitCode !== 0 && failed === 0) failed = 1
  return { passed: report.numPassedTests, failed }
}

const totals = { passed: 0, failed: 0 }
const add = (counts) => {
  totals.passed += counts.passed
  totals.failed += counts.failed
}

add(runVitest('unit-and-integration', []))

if (process.env.SKIP_E2E === '1') {
  console.log('\nBrowser tests skipped on purpose (SKIP_E2E=1).')
} else if (!existsSync(CHROMIUM)) {
  console.error(
    `\nBrowser tests need Debian's Chromium at ${CHROMIUM}: run \`apt-get install -y chromium\`, or set SKIP_E2E=1 to skip them on purpose.`,
  )
  totals.failed += 1
} else {
  ensureWebBuild()
  add(runVitest('browser', ['--config', 'e2e/vitest.config.ts']))
}

writeFileSync(join(resultsDir, 'totals.json'), JSON.stringify(totals))
console.log(`\nTotals: ${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed > 0 ? 1 : 0)
