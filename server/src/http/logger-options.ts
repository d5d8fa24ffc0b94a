import type { FastifyServerOptions } from 'fastify'
import pinoPretty from 'pino-pretty'
import type { AppConfig } from '../config/config.ts'

/** Secrets that requests carry; pino replaces them with "[Redacted]" before any line is written. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]']

/**
 * The server's logger: JSON lines for collectors, or pino-pretty's readable lines at a terminal.
 * Pretty printing runs in this thread (`sync`), not as a worker transport: a worker thread would
 * cost a second V8 heap for the life of the process.
 */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel ?? 'info', redact: REDACTED_PATHS }
  if (config.logFormat === 'json') return base
  return {
    ...base,
    stream: pinoPretty({
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
    }),
  }
}
