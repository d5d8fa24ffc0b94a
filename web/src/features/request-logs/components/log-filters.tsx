import { LOG_DIRECTIONS, type LogDirection } from '@common/request-logs.ts'
import { Search } from 'lucide-react'
import { FilterSelect } from '@/components/ui/filter-select.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { DIRECTION_LABELS } from '@/features/request-logs/utils/log-display.ts'

export interface LogFilterValues {
  search: string
  direction?: LogDirection
  endpoint?: string
  from?: string
  to?: string
}

/** docs/spec/dashboard-spec.md §2.12 filters: free text, Direction, Endpoint, From Date and To Date (inclusive). */
export function LogFilters({
  values,
  onChange,
  endpoints,
}: {
  values: LogFilterValues
  onChange: (values: LogFilterValues) => void
  endpoints: string[]
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <div className="grid min-w-0 gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="log-search" className="text-xs text-muted-foreground">
          Search
        </Label>
        <div className="relative">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            id="log-search"
            type="search"
            placeholder="Search logs..."
            className="pl-8"
            value={values.search}
            onChange={(event) => onChange({ ...values, search: event.target.value })}
          />
        </div>
      </div>
      <FilterSelect
        id="log-direction"
        label="Direction"
        allLabel="All Directions"
        value={values.direction}
        onChange={(direction) => onChange({ ...values, direction: direction as LogDirection | undefined })}
        options={LOG_DIRECTIONS.map((value) => ({ value, label: DIRECTION_LABELS[value] }))}
      />
      <FilterSelect
        id="log-endpoint"
        label="Endpoint"
        allLabel="All Endpoints"
        value={values.endpoint}
        onChange={(endpoint) => onChange({ ...values, endpoint })}
        options={endpoints.map((endpoint) => ({ value: endpoint, label: endpoint }))}
      />
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="log-from" className="text-xs text-muted-foreground">
          From Date
        </Label>
        <Input
          id="log-from"
          type="date"
          value={values.from ?? ''}
          onChange={(event) => onChange({ ...values, from: event.target.value || undefined })}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="log-to" className="text-xs text-muted-foreground">
          To Date
        </Label>
        <Input
          id="log-to"
          type="date"
          value={values.to ?? ''}
          onChange={(event) => onChange({ ...values, to: event.target.value || undefined })}
        />
      </div>
    </div>
  )
}
