import { useState } from 'react'
import { ClientManagement } from '@/features/clients/components/client-management.tsx'
import { GhlIntegrationModal } from '@/features/integrations/components/ghl-integration-modal.tsx'
import { IntegrationSetupDialog } from '@/features/integrations/components/integration-setup-dialog.tsx'

/** The Clients screen: the client list, and the integration dialogs its rows open. */
export function ClientsPage() {
  const [setupClientId, setSetupClientId] = useState<string | null>(null)
  const [ghlClientId, setGhlClientId] = useState<string | null>(null)
  return (
    <>
      <ClientManagement
        onSetup={(client) => setSetupClientId(client.clientId)}
        onGhl={(client) => setGhlClientId(client.clientId)}
      />
      <IntegrationSetupDialog clientId={setupClientId} onClose={() => setSetupClientId(null)} />
      <GhlIntegrationModal clientId={ghlClientId} onClose={() => setGhlClientId(null)} />
    </>
  )
}
