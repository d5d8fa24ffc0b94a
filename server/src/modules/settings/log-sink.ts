import { join } from 'node:path'
import pinoRoll from 'pino-roll'

interface Writable {
  write(line: string): unknown
}

interface RollingFile extends Writable {
  flushSync?(): void
  end(): void
}

/** Rolled daily or at 20 MB; the current file plus 14 older ones are kept. */
const ROLL = { frequency: 'daily', size: '20m', extension: '.log', limit: { count: 14 } } as const

/**
 * The destination of the server's logger: the console (or a test's stream), and, while the
 * `fileLogging` setting is on, rotating files in `DATA_DIR/logs` written by pino-roll in this
 * thread (no transport worker: it can be switched on and off while the server runs).
 */
export class LogSink implements Writable {
  private file: RollingFile | null = null
  private switching: Promise<void> = Promise.resolve()

  constructor(
    private readonly console: Writable,
    /** The log folder and the file name stem (one per port, so processes sharing DATA_DIR do not mix). */
    private readonly target: { dir: string; name: string },
  ) {}

  write(line: string): void {
    this.console.write(line)
    this.file?.write(line)
  }

  get isFileLogging(): boolean {
    return this.file !== null
  }

  get directory(): string {
    return this.target.dir
  }

  /** Opens or closes the log file; calls are applied in order. */
  setFileLogging(on: boolean): Promise<void> {
    this.switching = this.switching.then(async () => {
      if (on && !this.file) {
        this.file = (await pinoRoll({
          file: join(this.target.dir, this.target.name),
          mkdir: true,
          ...ROLL,
        })) as RollingFile
      } else if (!on && this.file) {
        const open = this.file
        this.file = null
        open.flushSync?.()
        open.end()
      }
    })
    return this.switching
  }

  async close(): Promise<void> {
    await this.setFileLogging(false).catch(() => {})
  }
}
