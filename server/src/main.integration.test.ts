import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { waitFor } from './testing/wait-for.ts'

// The real entry point as `npm start` runs it, in child processes.
const MAIN = new URL('./main.ts', import.meta.url).pathname
const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-main-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

function run(env: Record<string, string>, options: { detached?: boolean; viaShell?: boolean } = {}) {
  const childEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ...env,
  }
  // viaShell: the server runs under a shell that never reaps it (as a container's PID 1 often
  // does not), so once killed it stays a zombie that `kill(pid, 0)` still reports as running.
  const child = options.viaShell
    ? spawn(
        'sh',
        ['-c', `"$0" --import tsx "$1" & echo "server pid $!"; exec sleep 600`, process.execPath, MAIN],
        {
          env: childEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
    : spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: options.detached,
      })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  /** Until the process prints `pattern`; fails with everything it printed if it exits first. */
  const printed = (pattern: RegExp, timeoutMs = 60_000) =>
    waitFor(
      `${pattern}`,
      () => {
        if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}`)
        return pattern.test(output)
      },
      timeoutMs,
    ).catch((error: unknown) => {
      throw new Error(`never saw ${pattern}: ${error instanceof Error ? error.message : error}\n${output}`)
    })
  return { child, exited, printed, output: () => output }
}

describe('npm start (server/src/main.ts)', () => {
  it('prints the first admin once, refuses a second process on the same data folder, and stops on SIGTERM', {
    timeout: 180_000,
  }, async () => {
    const first = run({ PORT: '0' })
    await first.printed(/Password {4}\S{12,}/, 120_000)
    // Not a terminal: JSON lines for a collector, and the banner alone in its frame after them.
    expect(first.output()).toMatch(/^\{"level":30,.*"msg":"LeadRelay listening on /m)
    expect(first.output()).toMatch(
      /\n\n\+-+\+\n\| {2}FIRST ADMIN CREATED: save this password now, it is shown only once +\|\n[\s\S]*\| {2}Username {4}admin +\|\n\| {2}Password {4}\S{12,} +\|\n\+-+\+\n\n/,
    )

    const second = run({ PORT: '0' })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(
      /LeadRelay cannot start: Another LeadRelay process \(pid \d+\) is using the data folder/,
    )

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    const third = run({ PORT: '0', LOG_FORMAT: 'pretty' })
    await third.printed(/LeadRelay listening/)
    expect(third.output()).not.toMatch(/FIRST ADMIN CREATED/)
    // Readable lines (time, level, message) instead of JSON.
    expect(third.output()).toMatch(/\[\d\d:\d\d:\d\d\] \S*INFO\S*: \S*LeadRelay listening on /)
    expect(third.output()).not.toContain('{"level"')
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
  })

  it('starts again at once after kill -9 of its process group, on the same data folder, with its data', {
    timeout: 240_000,
  }, async () => {
    const first = run({ PORT: '0' }, { detached: true })
    await first.printed(/LeadRelay listening/)
    process.kill(-(first.child.pid as number), 'SIGKILL')
    // No wait for the exit: the next start races the dying process, as a supervisor's restart does.
    const second = run({ PORT: '0' })
    await second.printed(/LeadRelay listening/)
    // PGlite recovered its own files: the admin of the first start is still there.
    expect(second.output()).not.toMatch(/FIRST ADMIN CREATED/)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  })

  it('is not fooled by the zombie of a killed server that nobody reaped', { timeout: 240_000 }, async () => {
    const shell = run({ PORT: '0' }, { viaShell: true })
    await shell.printed(/LeadRelay listening/)
    const serverPid = Number(/server pid (\d+)/.exec(shell.output())?.[1])
    process.kill(serverPid, 'SIGKILL')
    const deadline = Date.now() + 10_000
    while (!/\) Z /.test(readFileSync(`/proc/${serverPid}/stat`, 'utf8'))) {
      if (Date.now() > deadline) throw new Error('the killed server never became a zombie')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const next = run({ PORT: '0' })
    await next.printed(/LeadRelay listening/)
    next.child.kill('SIGTERM')
    expect(await next.exited).toBe(0)
    shell.child.kill('SIGKILL')
  })

  it('stops at once on invalid configuration with one line per problem', async () => {
    const bad = run({ PORT: 'abc', BASE_URL: 'nope' })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toContain('LeadRelay cannot start. Invalid configuration:')
    expect(bad.output()).toContain('  - PORT: must be a number')
    expect(bad.output()).toContain('  - BASE_URL: must be an http(s) URL')
  })
})
