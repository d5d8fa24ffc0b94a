import { LEAD_STATUSES, type LeadFacets } from '@common/leads.ts'
import { ChevronDown, Search, SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Checkbox } from '@/components/ui/checkbox.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { FilterSelect } from '@/features/inbox/components/filter-select.tsx'
import type { InboxFilters } from '@/features/inbox/utils/inbox-filters.ts'
import { STATUS_LABELS } from '@/features/inbox/utils/lead-display.ts'
import { cn } from '@/lib/utils.ts'

/** docs/spec/dashboard-spec.md §2.14: the collapsible 'Search & Filters' panel with its 'Active' badge and 'Clear All'. */
export function InboxFiltersPanel({
  filters,
  facets,
  isActive,
  onChange,
  onClear,
}: {
  filters: InboxFilters
  facets: LeadFacets | undefined
  isActive: boolean
  onChange: (patch: Partial<InboxFilters>) => void
  onClear: () => void
}) {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <section className="rounded-lg border bg-card">
      <div className="flex items-center gap-2 px-3 py-2">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-2 text-left text-sm font-medium"
          aria-expanded={isOpen}
          aria-controls="inbox-filters"
          onClick={() => setIsOpen((open) => !open)}
        >
          <SlidersHorizontal className="size-4 text-muted-foreground" aria-hidden="true" />
          <span>Search &amp; Filters</span>
          {isActive && <Badge variant="secondary">Active</Badge>}
          <ChevronDown
            className={cn(
              'ml-auto size-4 text-muted-foreground transition-transform',
              isOpen && 'rotate-180',
            )}
            aria-hidden="true"
          />
        </button>
        {isActive && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear All
          </Button>
        )}
      </div>
      {isOpen && (
        <div id="inbox-filters" className="grid gap-3 border-t p-3 sm:grid-cols-2 xl:grid-cols-4">
          <div className="grid gap-1.5 sm:col-span-2 xl:col-span-4">
            <Label htmlFor="inbox-search">Search</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="inbox-search"
                type="search"
                value={filters.q}
                onChange={(event) => onChange({ q: event.target.value })}
                placeholder="Name, message, postal code, email, phone, job, survey..."
                className="pl-9"
              />
            </div>
          </div>
          <FilterSelect
            id="inbox-status"
            label="Status"
            value={filters.status}
            allLabel="All Statuses"
            options={LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
            onChange={(status) => onChange({ status })}
          />
          <FilterSelect
            id="inbox-availability"
            label="Availability"
            value={filters.availability}
            allLabel="All Availability"
            options={(facets?.availability ?? []).map((value) => ({ value, label: value }))}
            onChange={(availability) => onChange({ availability })}
          />
          <FilterSelect
            id="inbox-job-type"
            label="Job Type"
            value={filters.jobType}
            allLabel="All Job Types"
            options={(facets?.jobTypes ?? []).map((value) => ({ value, label: value }))}
            onChange={(jobType) => onChange({ jobType })}
          />
          <FilterSelect
            id="inbox-last-message"
            label="Last Message"
            value={filters.lastMessage}
            allLabel="Any Direction"
            options={[
              { value: 'inbound', label: 'Customer Message' },
              { value: 'outbound', label: 'Business Response' },
            ]}
            onChange={(lastMessage) => onChange({ lastMessage })}
          />
          <fieldset className="grid gap-2 sm:col-span-2 xl:col-span-4">
            <legend className="mb-1.5 text-sm font-medium">Contact Info</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <Label className="font-normal">
                <Checkbox
                  checked={filters.hasPhone}
                  onCheckedChange={(v) => onChange({ hasPhone: v === true })}
                />
                Phone Available
              </Label>
              <Label className="font-normal">
                <Checkbox
                  checked={filters.hasEmail}
                  onCheckedChange={(v) => onChange({ hasEmail: v === true })}
                />
                Email Available
              </Label>
            </div>
          </fieldset>
          <DateField
            id="inbox-created-from"
            label="Lead Created From"
            value={filters.createdFrom}
            onChange={(createdFrom) => onChange({ createdFrom })}
          />
          <DateField
            id="inbox-created-to"
            label="Lead Created To"
            value={filters.createdTo}
            onChange={(createdTo) => onChange({ createdTo })}
          />
          <DateField
            id="inbox-activity-from"
            label="Last Activity From"
            value={filters.activityFrom}
            onChange={(activityFrom) => onChange({ activityFrom })}
          />
          <DateField
            id="inbox-activity-to"
            label="Last Activity To"
            value={filters.activityTo}
            onChange={(activityTo) => onChange({ activityTo })}
          />
        </div>
      )}
    </section>
  )
}

function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}
