import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface RestoreTarget {
  dataDir: string
  databaseUrl?: string
}

/** Runs `npm run restore`'s script as an operator would, in a process of its own. */
export function runRestore(
  target: RestoreTarget,
  args: string[],
  appSecret: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: target.dataDir,
        APP_SECRET: appSecret,
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('exit', (code) => resolve({ code, output }))
  })
}
