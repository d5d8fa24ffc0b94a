import { type CreateClientInput, createClientSchema } from '@common/clients.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { Info } from 'lucide-react'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { AUTHENTICATION_REQUIRED, useCreateClient } from '@/features/clients/api/create-client.ts'
import { ApiError, serverMessageOf } from '@/lib/api-client.ts'

type FormValues = z.input<typeof createClientSchema>

const EMPTY: FormValues = { name: '', clientId: '', email: '' }

/** docs/spec/dashboard-spec.md §2.4, §4 and §8: the Add New Client dialog. */
export function AddClientDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const createClient = useCreateClient()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, CreateClientInput>({
    resolver: zodResolver(createClientSchema),
    defaultValues: EMPTY,
  })

  // Cancelling or closing the dialog resets the form (docs/spec/dashboard-spec.md §4).
  const handleOpenChange = (next: boolean) => {
    if (!next) {
      reset(EMPTY)
      createClient.reset()
    }
    onOpenChange(next)
  }

  const onSubmit = handleSubmit((input) =>
    createClient.mutateAsync(input).then(
      (created) => {
        toast({
          title: 'Client created successfully',
          description: `${created.name} has been added successfully!`,
        })
        handleOpenChange(false)
      },
      (error: unknown) => {
        if (error instanceof Error && error.message === AUTHENTICATION_REQUIRED) {
          toast({
            title: 'Session issue detected',
            description: 'Please try again. If the problem persists, refresh the page and log in again.',
            variant: 'destructive',
          })
          return
        }
        const message = serverMessageOf(error) ?? 'An error occurred while creating the client'
        toast({ title: 'Failed to create client', description: message, variant: 'destructive' })
        // A taken Client ID is the field's problem: say so there, and put the cursor back in it
        // (the disabled submit button had taken focus out of the dialog).
        if (error instanceof ApiError && error.status === 409) {
          setError('clientId', { type: 'server', message }, { shouldFocus: true })
        }
      },
    ),
  )

  const isPending = createClient.isPending

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add New Client</DialogTitle>
          <DialogDescription>Create a new client to enable Yelp-GoHighLevel integration</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="client-name" label="Client Name" error={errors.name?.message}>
            <Input
              id="client-name"
              placeholder="Acme Roofing"
              autoComplete="organization"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'client-name-error' : undefined}
              {...register('name')}
            />
          </Field>
          <Field
            id="client-id"
            label="Client ID"
            error={errors.clientId?.message}
            hint="Letters, digits, - and _. Used in the client's links and cannot be changed later."
          >
            <Input
              id="client-id"
              placeholder="acme-roofing"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              aria-invalid={errors.clientId ? true : undefined}
              aria-describedby={errors.clientId ? 'client-id-error' : 'client-id-hint'}
              {...register('clientId')}
            />
          </Field>
          <Field id="client-email" label="Contact Email" error={errors.email?.message}>
            <Input
              id="client-email"
              type="email"
              placeholder="owner@acmeroofing.com"
              autoComplete="email"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'client-email-error' : undefined}
              {...register('email')}
            />
          </Field>
          <div className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
            <Info className="mt-0.5 size-4 shrink-0 text-blue-600" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-medium">Next Steps</p>
              {/* LeadRelay sends no email of its own (SMTP_URL serves alerts only): the operator sends the link. */}
              <p className="text-blue-800">
                After you create the client, send them its onboarding link (copy it from Integration Setup →
                Overview, or open it from the client list). They open it to connect their Yelp and GoHighLevel
                accounts. LeadRelay does not email it for you.
              </p>
            </div>
          </div>
          <DialogFooter className="pt-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => handleOpenChange(false)}
              disabled={isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Creating...' : 'Create Client'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  children: ReactNode
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  )
}
