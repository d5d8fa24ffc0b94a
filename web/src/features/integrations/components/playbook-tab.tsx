import type { ClientView } from '@common/clients.ts'
import { AlertCircle, LoaderCircle } from 'lucide-react'
import { useNewestLead } from '@/features/integrations/api/get-newest-lead.ts'
import { usePlaybook } from '@/features/integrations/api/get-playbook.ts'
import { PlaybookForm } from '@/features/integrations/components/playbook-form.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

/**
 * docs/spec/product.md §9.2 "Response playbook" tab: when the business is open, the first reply
 * to a new lead and the follow-ups after it, with each text previewed for the client's newest lead.
 */
export function PlaybookTab({ client }: { client: ClientView }) {
  const playbook = usePlaybook(client.clientId)
  const newest = useNewestLead(client.clientId)
  if (playbook.isPending || newest.isPending) {
    return (
      <div className="flex items-center justify-center py-10 text-sm text-muted-foreground">
        <LoaderCircle className="mr-2 size-5 animate-spin" aria-hidden="true" />
        Loading the playbook...
      </div>
    )
  }
  if (playbook.isError) {
    return (
      <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Failed to load the playbook
          <span className="block text-xs">{serverMessageOf(playbook.error) ?? playbook.error.message}</span>
        </span>
      </p>
    )
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Answer every new Yelp lead within seconds, inside or outside business hours, and follow up until
        someone replies. Yelp ranks businesses on how fast and how often they answer.
      </p>
      {/* A lead list the caller may not see only loses the previews their real names. */}
      <PlaybookForm
        key={client.clientId}
        client={client}
        playbook={playbook.data}
        newestLead={newest.data?.lead}
      />
    </div>
  )
}
