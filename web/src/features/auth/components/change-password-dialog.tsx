import { type ChangePasswordInput, changePasswordSchema } from '@common/users.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
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
import { useChangePassword } from '@/features/auth/api/change-password.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/** Every role changes its own password here, from the user area of the sidebar. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password and a new one. Your other signed-in devices are signed out.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts empty. */}
        {open && <ChangePasswordForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  })

  const onSubmit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Password changed', description: 'Use your new password next time you sign in.' })
        onDone()
      },
      onError: (error) => {
        const message = serverMessageOf(error)
        // The server names the field: a wrong current password shows under that field.
        if (message?.startsWith('currentPassword: ')) {
          setError('currentPassword', { message: message.slice('currentPassword: '.length) })
          return
        }
        toast({ title: 'Error', description: message ?? 'Failed to change password', variant: 'destructive' })
      },
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="change-password-current">Current Password</Label>
        <Input
          id="change-password-current"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.currentPassword ? true : undefined}
          aria-describedby={errors.currentPassword ? 'change-password-current-error' : undefined}
          {...register('currentPassword')}
        />
        {errors.currentPassword?.message && (
          <p id="change-password-current-error" className="text-sm text-destructive">
            {errors.currentPassword.message}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="change-password-new">New Password</Label>
        <Input
          id="change-password-new"
          type="password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          aria-invalid={errors.newPassword ? true : undefined}
          aria-describedby={errors.newPassword ? 'change-password-new-error' : undefined}
          {...register('newPassword')}
        />
        {errors.newPassword?.message && (
          <p id="change-password-new-error" className="text-sm text-destructive">
            {errors.newPassword.message}
          </p>
        )}
      </div>
      <DialogFooter className="pt-1">
        <Button type="button" variant="outline" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change Password'}
        </Button>
      </DialogFooter>
    </form>
  )
}
