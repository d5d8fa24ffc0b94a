import type { HealthCheck } from '@common/stats.ts'
import { describe, expect, it } from 'vitest'
import { systemProblems } from '@/app/layout/system-problems.ts'

const configured = { status: 'ok', providers: { yelp: 'configured', ghl: 'configured' } } as const
const check = (key: HealthCheck['key'], overrides: Partial<HealthCheck> = {}): HealthCheck => ({
  key,
  label: key,
  state: 'warning',
  detail: 'what was found',
  ...overrides,
})

describe('systemProblems', () => {
  it('is online only with the server up, both providers set up and every check ok', () => {
    expect(
      systemProblems({ health: configured, isPending: false, checks: [check('deadJobs', { state: 'ok' })] }),
    ).toEqual({ state: 'online', label: 'System Online', problems: [] })
  })

  it('says the system is offline when the server does not answer ok', () => {
    const result = systemProblems({ health: { status: 'unavailable' }, isPending: false, checks: [] })
    expect(result.state).toBe('offline')
    expect(result.problems.map((problem) => problem.text)).toEqual(['System Offline'])
  })

  it('says checking while the first answer is awaited, with no problem claimed', () => {
    expect(systemProblems({ health: undefined, isPending: true, checks: [] })).toEqual({
      state: 'checking',
      label: 'Checking system',
      problems: [],
    })
  })

  it('counts in words, singular and plural, each with where it is fixed', () => {
    const { state, problems } = systemProblems({
      health: configured,
      isPending: false,
      checks: [
        check('deadJobs', { count: 2 }),
        check('reauth', { count: 1, detail: 'Acme (GHL)' }),
        check('queue', { label: 'Job queue', detail: '40 jobs waiting; the oldest for 9 min' }),
      ],
    })
    expect(state).toBe('degraded')
    expect(problems.map(({ text, fix }) => [text, fix?.label])).toEqual([
      ['2 dead jobs', 'Retry in Failed jobs'],
      ['1 connection needs re-auth', 'Reconnect in Clients'],
      ['Job queue', 'Open System Health'],
    ])
  })
})
