import type { ClientView } from '@common/clients.ts'
import type { ReactNode } from 'react'
import { ResponsePageLink } from '@/components/response-page-link.tsx'
import { GhlSetupTab } from '@/features/integrations/components/ghl-setup-tab.tsx'
import { PlaybookTab } from '@/features/integrations/components/playbook-tab.tsx'
import { SetupOverviewTab } from '@/features/integrations/components/setup-overview-tab.tsx'
import { YelpSetupTab } from '@/features/integrations/components/yelp-setup-tab.tsx'

/** What every tab of the Integration Setup dialog is given: the client, and a way to another tab. */
export interface SetupTabProps {
  client: ClientView
  goToTab: (tab: SetupTabValue) => void
}

/**
 * docs/spec/dashboard-spec.md §2.6: the dialog's tabs, in their order. Each tab is its own
 * component file; adding a tab is that file and one entry here.
 */
export const SETUP_TABS = [
  { value: 'overview', label: 'Overview', render: ({ client }) => <SetupOverviewTab client={client} /> },
  { value: 'yelp', label: 'Yelp Setup', render: ({ client }) => <YelpSetupTab client={client} /> },
  {
    value: 'ghl',
    label: 'GoHighLevel',
    render: ({ client, goToTab }) => <GhlSetupTab client={client} onGoToYelp={() => goToTab('yelp')} />,
  },
  {
    value: 'playbook',
    label: 'Response playbook',
    render: ({ client }) => (
      <div className="grid gap-3">
        <ResponsePageLink clientId={client.clientId} className="w-fit text-sm">
          Open on the client's Response page
        </ResponsePageLink>
        <PlaybookTab client={client} />
      </div>
    ),
  },
] as const satisfies readonly { value: string; label: string; render: (props: SetupTabProps) => ReactNode }[]

export type SetupTabValue = (typeof SETUP_TABS)[number]['value']

/** The tab an opened dialog starts on. */
export const FIRST_SETUP_TAB: SetupTabValue = SETUP_TABS[0].value

export function isSetupTab(value: string): value is SetupTabValue {
  return SETUP_TABS.some((tab) => tab.value === value)
}
