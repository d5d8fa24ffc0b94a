import { z } from 'zod'
import { PERMISSION_FLAGS, type PermissionFlag, ROLES } from './permissions.ts'
import { emailField, flagsObject, idField } from './text-bounds.ts'

// Spec §5 "User" rules with their exact messages. The password is optional in the shared
// schema (blank on edit means "unchanged"); creating a user requires it (createUserSchema).
const optionalText = z
  .string()
  .trim()
  .max(200, 'Must be at most 200 characters')
  .nullish()
  .transform((value) => (value ? value : null))

export const userBaseSchema = z.object({
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(100, 'Username must be at most 100 characters'),
  password: z
    .string()
    .max(1000, 'Password must be at most 1000 characters')
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(6, 'Password must be at least 6 characters').optional()),
  email: emailField.nullish().transform((value) => (value ? value : null)),
  firstName: optionalText,
  lastName: optionalText,
  role: z.enum(ROLES, 'Role must be one of admin, manager, operator, viewer').default('viewer'),
  isActive: z.boolean('isActive must be true or false').default(true),
})

export const createUserSchema = userBaseSchema.extend({
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(1000, 'Password must be at most 1000 characters'),
})
export type CreateUserInput = z.infer<typeof createUserSchema>

// An edit is partial (issue 11 §2): an absent field stays as it was (undefined), while null or
// "" clears an optional one (null). Only the create schema turns "absent" into null.
const clearableText = z
  .string()
  .trim()
  .max(200, 'Must be at most 200 characters')
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null))

export const updateUserSchema = userBaseSchema
  .extend({
    email: emailField.nullish().transform((value) => (value === undefined ? undefined : value || null)),
    firstName: clearableText,
    lastName: clearableText,
    role: userBaseSchema.shape.role.removeDefault(),
    isActive: userBaseSchema.shape.isActive.removeDefault(),
  })
  .partial({ username: true, role: true, isActive: true })
export type UpdateUserInput = z.infer<typeof updateUserSchema>

/** The assign dialog (spec §5): at least one client. */
export const assignClientsSchema = z.object({
  clientIds: z
    .array(idField('clientId'))
    .min(1, 'Select at least one client')
    .max(1000, 'At most 1000 clients at once'),
})

// Spec §6: per-client assignments carry a permissions object (posted empty). Only the role
// flags are accepted there (issue 11 §3), so nothing else can be stored under that name.
export const assignmentBodySchema = z.object({
  permissions: flagsObject(PERMISSION_FLAGS).default({}),
})
export type AssignmentPermissions = z.infer<typeof assignmentBodySchema>['permissions']

export const rolePermissionsBodySchema = z.object({
  permissions: flagsObject(PERMISSION_FLAGS),
})
export type RolePermissionsChange = Partial<Record<PermissionFlag, boolean>>

/** A user as the API lists it (spec §3.2 "User (as listed)", without the password). */
export interface ListedUser {
  id: number
  username: string
  email: string | null
  firstName: string | null
  lastName: string | null
  role: string
  isActive: boolean
  lastLogin: string | null
  createdAt: string
  clientAssignments: Array<{ clientId: string; client: { name: string } }>
}

export interface AuditEntry {
  id: number
  actorUserId: number | null
  actorUsername: string | null
  actorAddress: string | null
  action: string
  entityType: string
  entityId: string | null
  before: unknown
  after: unknown
  createdAt: string
}
