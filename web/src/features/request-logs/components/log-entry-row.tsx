import { type LogEntry, logOutcome } from '@common/request-logs.ts'
import { ArrowDownLeft, ArrowUpRight, ChevronDown, ChevronRight, RefreshCcw } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { useLogEntry } from '@/features/request-logs/api/get-log-entry.ts'
import {
  aiCallSummary,
  DIRECTION_LABELS,
  dotClass,
  formatBody,
  formatTime,
  OUTCOME_BADGE,
} from '@/features/request-logs/utils/log-display.ts'

const DIRECTION_ICONS = { incoming: ArrowDownLeft, outgoing: ArrowUpRight, internal: RefreshCcw } as const

/** One log entry (docs/spec/dashboard-spec.md §2.12): a summary line that expands into bodies, headers and the ISO time. */
export function LogEntryRow({ entry }: { entry: LogEntry }) {
  const [isOpen, setIsOpen] = useState(false)
  const outcome = logOutcome(entry)
  const DirectionIcon = DIRECTION_ICONS[entry.direction]
  return (
    <li className="rounded-lg border" data-testid="log-entry" data-log-id={entry.id}>
      <button
        type="button"
        className="grid w-full gap-1.5 p-3 text-left hover:bg-accent/40"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {isOpen ? (
            <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <span
            className={`size-2.5 shrink-0 rounded-full ${dotClass(entry.statusCode)}`}
            data-testid="status-dot"
            aria-hidden="true"
          />
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <DirectionIcon className="size-3.5" aria-hidden="true" />
            {DIRECTION_LABELS[entry.direction]}
          </span>
          <span className="font-mono text-xs font-semibold">{entry.method}</span>
          <span className="min-w-0 flex-1 basis-48 truncate font-mono text-xs" title={entry.endpoint}>
            {entry.endpoint}
          </span>
          <Badge variant={OUTCOME_BADGE[outcome]}>{outcome}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 pl-6 text-xs text-muted-foreground">
          {entry.platform === 'ai' && <span data-testid="log-ai">{aiCallSummary(entry)}</span>}
          <span>Status {entry.statusCode ?? '—'}</span>
          {entry.duration !== null && <span>{entry.duration} ms</span>}
          {entry.clientId && (
            <span className="max-w-48 truncate font-mono" title={entry.clientId}>
              {entry.clientId}
            </span>
          )}
          <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
        </div>
        {entry.error && (
          <p className="line-clamp-2 break-words pl-6 text-xs text-destructive" data-testid="log-error">
            {entry.error}
          </p>
        )}
      </button>
      {isOpen && <LogEntryDetails entry={entry} />}
    </li>
  )
}

function LogEntryDetails({ entry }: { entry: LogEntry }) {
  // The list carries bodies cut at 10 KB; the whole entry is fetched when it was cut.
  const whole = useLogEntry(entry.id, entry.truncated)
  const shown = whole.data ?? entry
  const isApi = shown.type === 'api'
  return (
    <div className="grid gap-3 border-t bg-muted/30 p-3 text-xs" data-testid="log-details">
      <div className="grid gap-3 lg:grid-cols-2">
        <Block title={isApi ? 'Request Body' : 'Payload'} body={isApi ? shown.requestBody : shown.payload} />
        <Block
          title={isApi ? 'Response Body' : 'Response'}
          body={isApi ? shown.responseBody : shown.response}
        />
        {isApi && <Block title="Request Headers" body={shown.requestHeaders} />}
        {isApi && <Block title="Response Headers" body={shown.responseHeaders} />}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Status code:</dt>
          <dd>{shown.statusCode ?? '—'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Timestamp:</dt>
          <dd className="font-mono">{shown.createdAt}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Log id:</dt>
          <dd className="font-mono">{shown.id}</dd>
        </div>
      </dl>
      {entry.truncated && whole.isPending && (
        <p className="text-muted-foreground">Loading the whole entry...</p>
      )}
    </div>
  )
}

function Block({ title, body }: { title: string; body: unknown }) {
  return (
    // Title row at its own height, the body filling the rest: side by side, two bodies start on one
    // line and end on one line, however long each is (the grid row gives both the taller height).
    <section className="grid min-w-0 grid-rows-[auto_1fr] gap-1" data-testid="log-body-block">
      <h4 className="font-medium">{title}</h4>
      <pre className="max-h-64 min-h-10 overflow-auto rounded-md border bg-background p-2 font-mono text-[11px] leading-relaxed break-all whitespace-pre-wrap">
        {formatBody(body)}
      </pre>
    </section>
  )
}
