import type { MessageLog } from '@common/messages.ts'
import { ExternalLink, RotateCcw } from 'lucide-react'
import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useRetryMessageJob } from '@/features/message-logs/api/retry-message-job.ts'
import {
  formatTimestamp,
  inboxHref,
  messageRoute,
  STATUS_BADGE,
} from '@/features/message-logs/utils/message-display.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/** docs/spec/dashboard-spec.md §2.11 'Recent Messages': a table from md up, cards below it. */
export function MessageList({ messages, canRetry }: { messages: MessageLog[]; canRetry: boolean }) {
  return (
    <>
      <div className="hidden md:block">
        <Table className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="w-40">Timestamp</TableHead>
              <TableHead className="w-40">Client</TableHead>
              <TableHead className="w-44">Direction</TableHead>
              <TableHead>Message</TableHead>
              <TableHead className="w-24">Status</TableHead>
              <TableHead className="w-36 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {messages.map((message) => (
              <TableRow key={message.id} data-testid="message-row" data-message-id={message.id}>
                <TableCell className="align-top text-xs text-muted-foreground">
                  <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt)}</time>
                </TableCell>
                <TableCell className="align-top">
                  <p className="truncate font-medium" title={message.clientName ?? message.clientId}>
                    {message.clientName ?? message.clientId}
                  </p>
                  <p className="truncate font-mono text-xs text-muted-foreground">{message.clientId}</p>
                </TableCell>
                <TableCell className="align-top text-xs whitespace-normal">
                  <MessageRouteText message={message} />
                </TableCell>
                <TableCell className="align-top whitespace-normal">
                  <MessageText message={message} />
                </TableCell>
                <TableCell className="align-top">
                  <Badge variant={STATUS_BADGE[message.status]}>{message.status}</Badge>
                </TableCell>
                <TableCell className="align-top">
                  <MessageActions message={message} canRetry={canRetry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:hidden">
        {messages.map((message) => (
          <li
            key={message.id}
            className="grid min-w-0 grid-cols-1 gap-2 rounded-lg border p-3"
            data-testid="message-card"
            data-message-id={message.id}
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{message.clientName ?? message.clientId}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt)}</time> ·{' '}
                  <MessageRouteText message={message} />
                </p>
              </div>
              <Badge variant={STATUS_BADGE[message.status]}>{message.status}</Badge>
            </div>
            <MessageText message={message} />
            <MessageActions message={message} canRetry={canRetry} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** The message's direction in platform names, and whether the playbook or a person wrote it. */
function MessageRouteText({ message }: { message: MessageLog }) {
  const { label, detail } = messageRoute(message)
  return (
    <span data-testid="message-route">
      <span className="font-medium text-foreground">{label}</span>
      {detail && <span className="block text-muted-foreground">{detail}</span>}
    </span>
  )
}

function MessageText({ message }: { message: MessageLog }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="line-clamp-3 break-words text-sm">
        {message.content || <span className="text-muted-foreground italic">(no text)</span>}
      </p>
      {message.error && (
        <p className="break-words text-xs text-destructive" data-testid="message-error">
          {message.error}
        </p>
      )}
    </div>
  )
}

function MessageActions({ message, canRetry }: { message: MessageLog; canRetry: boolean }) {
  const retry = useRetryMessageJob()
  const href = inboxHref(message)
  const jobId = message.retryJobId
  const run = (id: string) =>
    retry.mutateAsync(id).then(
      () => toast({ title: 'Job retried', description: 'The message will be delivered again.' }),
      (error: unknown) =>
        toast({
          title: 'Retry failed',
          description: serverMessageOf(error) ?? 'The job could not be retried',
          variant: 'destructive',
        }),
    )
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {href && (
        <Button asChild variant="ghost" size="sm">
          <Link href={href} aria-label={`Open lead ${message.leadId} in the inbox`}>
            <ExternalLink aria-hidden="true" />
            Lead
          </Link>
        </Button>
      )}
      {canRetry && jobId && (
        <Button variant="outline" size="sm" onClick={() => void run(jobId)} disabled={retry.isPending}>
          <RotateCcw aria-hidden="true" />
          {retry.isPending ? 'Retrying...' : 'Retry'}
        </Button>
      )}
    </div>
  )
}
