import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const TIMEOUT_MS = 120_000

/** A port free right now (the demo's hub must know its port before it listens: BASE_URL). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = address && typeof address === 'object' ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

/** Runs `node --import tsx scripts/demo.ts --check` to its end; kills it if it outlives the timeout. */
async function runCheck(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // The AI simulator's fixed port may be another demo's: a free one unless the test picks it.
  const aiPort = String(await freePort())
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--check'], {
      cwd: ROOT,
      env: { ...process.env, SIM_AI_PORT: aiPort, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS - 5_000)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe('npm run demo -- --check', () => {
  const dataRoot = mkdtempSync(join(tmpdir(), 'leadrelay-demo-'))
  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }))

  it(
    'connects the sample client, imports its leads, and carries a new lead to GHL and a reply back to Yelp',
    async () => {
      const [hub, yelp, ghl, ai] = await freePorts(4)
      const { code, output } = await runCheck({
        PORT: String(hub),
        SIM_YELP_PORT: String(yelp),
        SIM_GHL_PORT: String(ghl),
        SIM_AI_PORT: String(ai),
        DEMO_DATA_DIR: join(dataRoot, 'demo'),
      })
      expect(code, output).toBe(0)
      expect(output).toContain('Imported the Yelp leads of acme-roofing-sf: 3 found, 3 stored')
      expect(output).toMatch(/New Yelp lead lead-demo-check is GHL contact \S+ with its message/)
      expect(output).toMatch(/GHL reply \S+ is a TEXT event on Yelp lead lead-demo-check/)
      expect(output).toContain('GHL shows the reply delivered')
      expect(output).toMatch(/An AI draft for Yelp lead lead-demo-check carries the customer's words/)
      expect(output).toContain('Check passed.')
    },
    TIMEOUT_MS,
  )

  it('refuses a DEMO_DATA_DIR that holds something else, and leaves it alone', async () => {
    const [hub, yelp, ghl] = await freePorts(3)
    const precious = join(dataRoot, 'precious')
    mkdirSync(precious)
    writeFileSync(join(precious, 'notes.txt'), 'keep me')
    const { code, output } = await runCheck({
      DEMO_PORT: String(hub),
      SIM_YELP_PORT: String(yelp),
      SIM_GHL_PORT: String(ghl),
      DEMO_DATA_DIR: precious,
    })
    expect(code).toBe(1)
    expect(output).toContain('is not empty and was not made by the demo')
    expect(existsSync(join(precious, 'notes.txt'))).toBe(true)
  })

  it('names the variable to change when a port is busy, in one line without a stack trace', async () => {
    const [hub, yelp, ghl] = await freePorts(3)
    const squatter = createServer()
    await new Promise<void>((resolve) => squatter.listen(hub, '127.0.0.1', resolve))
    try {
      const { code, output } = await runCheck({
        PORT: String(hub),
        SIM_YELP_PORT: String(yelp),
        SIM_GHL_PORT: String(ghl),
        DEMO_DATA_DIR: join(dataRoot, 'busy'),
      })
      expect(code).toBe(1)
      expect(output.trim()).toBe(
        `The demo could not start. Port ${hub} (the hub's port) is already in use: set PORT to a free port, e.g. PORT=${(hub ?? 0) + 78} npm run demo`,
      )
    } finally {
      await new Promise((resolve) => squatter.close(resolve))
    }
  })
})
