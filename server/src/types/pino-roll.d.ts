// pino-roll 4 ships no type declarations; this is the part of its API the log sink uses.
declare module 'pino-roll' {
  interface PinoRollOptions {
    file: string | (() => string)
    size?: string | number
    frequency?: string | number
    extension?: string
    mkdir?: boolean
    symlink?: boolean
    limit?: { count?: number; removeOtherLogFiles?: boolean }
    dateFormat?: string
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<{ write(line: string): boolean }>
}
