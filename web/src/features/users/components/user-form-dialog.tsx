import { DEFAULT_ROLE, isRole, ROLES, type Role } from '@common/permissions.ts'
import { createUserSchema, type ListedUser, type SavedUser, userBaseSchema } from '@common/users.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, type Resolver, useForm } from 'react-hook-form'
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useCreateUser } from '@/features/users/api/create-user.ts'
import { useUpdateUser } from '@/features/users/api/update-user.ts'
import { FieldError } from '@/features/users/components/field-error.tsx'
import { ROLE_CAPABILITIES } from '@/features/users/components/role-badge.tsx'
import { displayNameOf } from '@/features/users/utils/user-display.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

// docs/spec/dashboard-spec.md §5 "User": both forms validate with the shared schemas and their exact messages. On
// create the password is required; on edit a blank password is dropped ("unchanged").
// Both forms share one value type. The form always holds a password string ('' when left
// blank), so on create the shared rule still rejects a blank one with the §5 message.
const createUserFormSchema = createUserSchema.extend({
  password: createUserSchema.shape.password.optional(),
})
type UserFormValues = z.input<typeof userBaseSchema>
type UserFormOutput = z.output<typeof userBaseSchema>
const RESOLVERS: Record<'create' | 'edit', Resolver<UserFormValues, unknown, UserFormOutput>> = {
  create: zodResolver(createUserFormSchema),
  edit: zodResolver(userBaseSchema),
}

export type UserFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved?: (user: SavedUser) => void
  /** The roles the signed-in user may grant (docs/decisions/0016 §1); all four when not given. */
  roles?: readonly Role[]
  /**
   * Editing the signed-in user: its password changes only with the current one, in the
   * Change password dialog of the sidebar, so this form offers no password field.
   */
  isOwnAccount?: boolean
  /**
   * Whether the signed-in user may set another user's password: admins and managers only (a
   * client-scoped role could otherwise take over another client's staff, docs/decisions/0022).
   */
  setsOthersPasswords?: boolean
} & ({ mode: 'create'; user?: undefined } | { mode: 'edit'; user: ListedUser })

export function UserFormDialog({ open, onOpenChange, ...props }: UserFormDialogProps) {
  const isCreate = props.mode === 'create'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{isCreate ? 'Add New User' : 'Edit User'}</DialogTitle>
          <DialogDescription>
            {props.mode === 'create'
              ? 'Create an account and choose its role. The user signs in with this username and password.'
              : `Change the details, role or status of ${displayNameOf(props.user)}.`}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from fresh values. */}
        <UserForm {...props} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

type UserFormProps = {
  onDone: () => void
  onSaved?: (user: SavedUser) => void
  roles?: readonly Role[]
  isOwnAccount?: boolean
  setsOthersPasswords?: boolean
} & ({ mode: 'create'; user?: undefined } | { mode: 'edit'; user: ListedUser })

function UserForm({
  mode,
  user,
  onDone,
  onSaved,
  roles = ROLES,
  isOwnAccount = false,
  setsOthersPasswords = true,
}: UserFormProps) {
  const createUser = useCreateUser()
  const updateUser = useUpdateUser()
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: RESOLVERS[mode],
    defaultValues: {
      username: user?.username ?? '',
      password: '',
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      role: user && isRole(user.role) ? user.role : DEFAULT_ROLE,
      isActive: user?.isActive ?? true,
    },
  })
  const isPending = createUser.isPending || updateUser.isPending
  const role = watch('role') ?? DEFAULT_ROLE

  const onSubmit = handleSubmit((values) => {
    if (mode === 'create') {
      // The create schema has made sure the password is there (a blank one fails it).
      createUser.mutate(
        { ...values, password: values.password ?? '' },
        {
          onSuccess: (saved) => {
            toast({ title: 'User created', description: `${saved.username} can now sign in.` })
            onSaved?.(saved)
            onDone()
          },
          onError: (error) => {
            toast({
              title: 'Error',
              description: serverMessageOf(error) ?? 'Failed to create user',
              variant: 'destructive',
            })
          },
        },
      )
      return
    }
    updateUser.mutate(
      { id: user.id, input: values },
      {
        onSuccess: (saved) => {
          toast({ title: 'User updated', description: `${saved.username} has been saved.` })
          onSaved?.(saved)
          onDone()
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: serverMessageOf(error) ?? 'Failed to update user',
            variant: 'destructive',
          })
        },
      },
    )
  })

  const fieldProps = (name: 'username' | 'password' | 'email' | 'firstName' | 'lastName') => ({
    id: `user-form-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `user-form-${name}-error` : undefined,
    ...register(name),
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="user-form-firstName">First Name</Label>
          <Input autoComplete="off" placeholder="Jane" {...fieldProps('firstName')} />
          <FieldError id="user-form-firstName-error" error={errors.firstName} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="user-form-lastName">Last Name</Label>
          <Input autoComplete="off" placeholder="Doe" {...fieldProps('lastName')} />
          <FieldError id="user-form-lastName-error" error={errors.lastName} />
        </div>
        <div className="grid gap-2">
          <RequiredLabel htmlFor="user-form-username">Username</RequiredLabel>
          <Input autoComplete="off" placeholder="jane.doe" {...fieldProps('username')} />
          <FieldError id="user-form-username-error" error={errors.username} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="user-form-email">Email</Label>
          <Input type="email" autoComplete="off" placeholder="jane@agency.com" {...fieldProps('email')} />
          <FieldError id="user-form-email-error" error={errors.email} />
        </div>
      </div>

      {isOwnAccount ? (
        <p className="text-sm text-muted-foreground">
          To change your own password, use Change password below your name in the sidebar.
        </p>
      ) : mode === 'edit' && !setsOthersPasswords ? (
        <p className="text-sm text-muted-foreground">Only admins and managers set another user's password.</p>
      ) : (
        <div className="grid gap-2">
          {mode === 'create' ? (
            <RequiredLabel htmlFor="user-form-password">Password</RequiredLabel>
          ) : (
            <Label htmlFor="user-form-password">Password</Label>
          )}
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={
              mode === 'create' ? 'At least 6 characters' : 'Leave blank to keep the current password'
            }
            {...fieldProps('password')}
          />
          <FieldError id="user-form-password-error" error={errors.password} />
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor="user-form-role">Role</Label>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="user-form-role" className="w-full capitalize" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roles.map((option) => (
                    <SelectItem key={option} value={option} className="capitalize">
                      {option}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <p className="text-xs text-muted-foreground">{ROLE_CAPABILITIES[role].join(' · ')}</p>
          <FieldError id="user-form-role-error" error={errors.role} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="user-form-isActive">Status</Label>
          <div className="flex h-9 items-center gap-3 rounded-md border px-3">
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <Switch
                  id="user-form-isActive"
                  checked={field.value ?? true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby="user-form-isActive-hint"
                />
              )}
            />
            <span className="text-sm">{watch('isActive') === false ? 'Inactive' : 'Active'}</span>
          </div>
          <p id="user-form-isActive-hint" className="text-xs text-muted-foreground">
            Inactive users cannot sign in.
          </p>
        </div>
      </div>

      <DialogFooter className="pt-1">
        <Button type="button" variant="outline" onClick={onDone} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {mode === 'create'
            ? createUser.isPending
              ? 'Creating...'
              : 'Create User'
            : updateUser.isPending
              ? 'Saving...'
              : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  )
}

function RequiredLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <div className="flex items-center gap-1">
      <Label htmlFor={htmlFor}>{children}</Label>
      <span className="text-sm leading-none text-destructive" aria-hidden="true">
        *
      </span>
    </div>
  )
}
