import { Info } from 'lucide-react'

// docs/spec/dashboard-spec.md §2.10: the guidelines box.
export function PermissionGuidelines() {
  return (
    <aside
      aria-labelledby="permission-guidelines-title"
      className="flex gap-3 rounded-xl border border-primary/20 bg-accent/60 p-4 text-sm"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid gap-1.5">
        <h2 id="permission-guidelines-title" className="font-semibold text-accent-foreground">
          Permission guidelines
        </h2>
        <ul className="grid list-disc gap-1 pl-4 text-muted-foreground marker:text-primary/60">
          <li>The admin role should keep all permissions.</li>
          <li>Test changes by signing in with a non-admin account before relying on them.</li>
          <li>Every change is logged for audit, with who made it and when.</li>
          <li>Changes apply immediately to all users of that role.</li>
        </ul>
      </div>
    </aside>
  )
}
