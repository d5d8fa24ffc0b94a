import { useEffect, useRef } from 'react'
import { toast } from '@/components/ui/use-toast.ts'

interface RunStatus {
  status: string
  error?: string | null
}

interface RunEndMessages<S> {
  completedTitle: string
  /** The completed toast's description. */
  summary: (status: S) => string
  failedTitle: string
  /** The failed toast's description when the run recorded no error. */
  failedFallback: string
}

/**
 * The toast when a job-backed run this screen watched running ends (the contact sync, the
 * opportunity backfill); not for one that ended before the screen opened.
 */
export function useRunEndToast<S extends RunStatus>(
  current: S | undefined,
  { completedTitle, summary, failedTitle, failedFallback }: RunEndMessages<S>,
) {
  const wasRunning = useRef(false)
  useEffect(() => {
    if (!current) return
    if (current.status === 'running') {
      wasRunning.current = true
      return
    }
    if (!wasRunning.current) return
    wasRunning.current = false
    if (current.status === 'completed') toast({ title: completedTitle, description: summary(current) })
    else if (current.status === 'failed')
      toast({ title: failedTitle, description: current.error ?? failedFallback, variant: 'destructive' })
  }, [current, completedTitle, summary, failedTitle, failedFallback])
}
