import {
  MESSAGE_DIRECTION_LABELS,
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
  type MessageDirection,
  type MessageStatus,
} from '@common/messages.ts'
import { Search } from 'lucide-react'
import { FilterSelect } from '@/components/ui/filter-select.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import type { ClientOption } from '@/features/message-logs/api/get-client-options.ts'
import type { MessageFilters as Filters } from '@/features/message-logs/api/get-messages.ts'

/** docs/spec/dashboard-spec.md §2.11 filters: client, direction, status and the date (applied: docs/spec/product.md §2), plus search. */
export function MessageFilters({
  filters,
  onChange,
  clients,
  search,
  onSearchChange,
}: {
  filters: Filters
  onChange: (filters: Filters) => void
  clients: ClientOption[]
  search: string
  onSearchChange: (text: string) => void
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <div className="grid min-w-0 gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="message-search" className="text-xs text-muted-foreground">
          Search
        </Label>
        <div className="relative">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            id="message-search"
            type="search"
            placeholder="Search messages..."
            className="pl-8"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
      </div>
      <FilterSelect
        id="message-client"
        label="Client"
        allLabel="All Clients"
        value={filters.clientId}
        onChange={(clientId) => onChange({ ...filters, clientId })}
        options={clients.map((client) => ({ value: client.clientId, label: client.name }))}
      />
      <FilterSelect
        id="message-direction"
        label="Direction"
        allLabel="All Directions"
        value={filters.direction}
        onChange={(direction) =>
          onChange({ ...filters, direction: direction as MessageDirection | undefined })
        }
        options={MESSAGE_DIRECTIONS.map((value) => ({ value, label: MESSAGE_DIRECTION_LABELS[value] }))}
      />
      <FilterSelect
        id="message-status"
        label="Status"
        allLabel="All Statuses"
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status: status as MessageStatus | undefined })}
        options={MESSAGE_STATUSES.map((value) => ({ value, label: value }))}
      />
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="message-date" className="text-xs text-muted-foreground">
          Date
        </Label>
        <Input
          id="message-date"
          type="date"
          value={filters.date ?? ''}
          onChange={(event) => onChange({ ...filters, date: event.target.value || undefined })}
        />
      </div>
    </div>
  )
}
