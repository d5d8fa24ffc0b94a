import { ALERT_TYPE_LABELS, type AlertChannel, type CreatedAlertChannel } from '@common/alerts.ts'
import { Pencil, Plus, Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useDeleteAlertChannel } from '@/features/alerts/api/delete-alert-channel.ts'
import { useAlertChannels } from '@/features/alerts/api/get-alert-channels.ts'
import { useAlertClientChoices } from '@/features/alerts/api/get-alert-client-choices.ts'
import { useTestAlertChannel } from '@/features/alerts/api/test-alert-channel.ts'
import {
  AlertChannelDialog,
  CHANNEL_TYPE_LABELS,
} from '@/features/alerts/components/alert-channel-dialog.tsx'
import { ChannelSecretDialog } from '@/features/alerts/components/channel-secret-dialog.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

/** The alert channels (docs/spec/product.md §9.3): who hears of what, each with its "Send test". */
export function AlertChannelsCard() {
  const channels = useAlertChannels()
  const clients = useAlertClientChoices(true)
  const [editing, setEditing] = useState<AlertChannel | 'new' | null>(null)
  const [deleting, setDeleting] = useState<AlertChannel | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const remove = useDeleteAlertChannel()
  const clientName = (id: string) => clients.data?.find((client) => client.clientId === id)?.name ?? id

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Alert Channels</CardTitle>
        <CardDescription>Where alerts go: Slack, email or a signed webhook.</CardDescription>
        <CardAction>
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" /> Add Channel
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {channels.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading channels">
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-20 w-full" />
            ))}
          </div>
        ) : channels.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm" role="alert">
            <p className="text-muted-foreground">
              The channels could not be loaded. {serverMessageOf(channels.error) ?? channels.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void channels.refetch()}>
              Try again
            </Button>
          </div>
        ) : channels.data.length === 0 ? (
          <div className="py-8 text-center">
            <p className="font-medium">No alert channels yet</p>
            <p className="text-sm text-muted-foreground">
              Add one to hear of new leads, waiting leads and connection problems before your clients do.
            </p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {channels.data.map((channel) => (
              <ChannelRow
                key={channel.id}
                channel={channel}
                clientNames={channel.clientIds.map(clientName)}
                onEdit={() => setEditing(channel)}
                onDelete={() => setDeleting(channel)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <AlertChannelDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        channel={editing === 'new' || editing === null ? undefined : editing}
        clients={clients.data ?? []}
        onCreated={(created: CreatedAlertChannel) => {
          if (created.secret) setSecret(created.secret)
        }}
      />
      <ChannelSecretDialog secret={secret} onClose={() => setSecret(null)} />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete channel?</AlertDialogTitle>
            <AlertDialogDescription>
              "{deleting?.name}" stops receiving alerts, and its alert history is deleted with it.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (!deleting) return
                remove.mutate(deleting.id, {
                  onSuccess: () => toast({ title: 'Channel deleted' }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Not deleted',
                      description: serverMessageOf(error) ?? error.message,
                    }),
                })
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  )
}

function ChannelRow({
  channel,
  clientNames,
  onEdit,
  onDelete,
}: {
  channel: AlertChannel
  clientNames: string[]
  onEdit: () => void
  onDelete: () => void
}) {
  const test = useTestAlertChannel()
  const outcome = test.isSuccess
    ? { isOk: true, text: 'Delivered' }
    : test.isError
      ? { isOk: false, text: serverMessageOf(test.error) ?? test.error.message }
      : null
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="alert-channel">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <p className="font-medium [overflow-wrap:anywhere]">{channel.name}</p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {CHANNEL_TYPE_LABELS[channel.type]} · {channel.target}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1">
          {!channel.enabled && <Badge variant="secondary">Disabled</Badge>}
          <Button
            variant="outline"
            size="sm"
            onClick={() => test.mutate(channel.id)}
            disabled={test.isPending}
          >
            <Send aria-hidden="true" /> {test.isPending ? 'Sending...' : 'Send test'}
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Edit ${channel.name}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete ${channel.name}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-1">
        {channel.events.map((event) => (
          <Badge key={event} variant="outline" title={event}>
            {ALERT_TYPE_LABELS[event]}
          </Badge>
        ))}
      </div>
      <p className="text-xs text-muted-foreground break-words">
        {clientNames.length ? `Clients: ${clientNames.join(', ')}` : 'All clients'} · SLA {channel.slaMinutes}{' '}
        min
        {channel.quietHours
          ? ` · Quiet ${channel.quietHours.start}–${channel.quietHours.end} (${channel.quietHours.timezone})`
          : ''}
      </p>
      {outcome && (
        <p
          className={`text-sm break-words ${outcome.isOk ? 'text-success' : 'text-destructive'}`}
          role="status"
          data-testid="channel-test-outcome"
        >
          {outcome.isOk ? 'Test delivered.' : `Test failed: ${outcome.text}`}
        </p>
      )}
    </li>
  )
}
