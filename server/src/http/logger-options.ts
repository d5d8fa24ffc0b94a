import type { FastifyServerOptions } from 'fastify'
import pinoPretty from 'pino-pretty'
import type { AppConfig } from '../config/config.ts'

/** Secrets that requests carry; pino replaces them with "[Redacted]" before any line is written. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]']

/** Anything pino can write its JSON lines to. */
export interface LogStream {
  write(line: string): unknown
}

/**
 * Where the console half of the log goes: a stream the caller gave (a test reads what was
 * logged), else standard output: JSON lines for collectors, or pino-pretty's readable lines at
 * a terminal. Pretty printing runs in this thread (`sync`), not as a worker transport: a worker
 * thread would cost a second V8 heap for the life of the process.
 */
export function consoleStream(
  config: Pick<AppConfig, 'logFormat'>,
  logger?: FastifyServerOptions['logger'],
): LogStream {
  const given = typeof logger === 'object' && logger && 'stream' in logger ? logger.stream : undefined
  if (given && typeof given === 'object' && 'write' in given) return given as LogStream
  if (config.logFormat === 'json') return process.stdout
  return pinoPretty({
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
  })
}

/**
 * The server's logger options. pino always writes JSON lines to `stream`; the composition root
 * passes a sink that formats them for the console (see consoleStream) and, with the
 * `fileLogging` setting on, also writes them unchanged to files. `false` (tests) keeps it silent.
 */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  logger?: FastifyServerOptions['logger'],
  stream: LogStream = consoleStream(config, logger),
): NonNullable<FastifyServerOptions['logger']> {
  const given = typeof logger === 'object' && logger ? logger : {}
  return {
    redact: REDACTED_PATHS,
    ...given,
    level: logger === false ? 'silent' : ((given as { level?: string }).level ?? config.logLevel ?? 'info'),
    stream,
  }
}
