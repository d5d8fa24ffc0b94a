import { z } from 'zod'
import { isoTimestampSchema } from './api.ts'
import { PERMISSION_FLAGS, ROLES } from './permissions.ts'
import { emailField, flagsObject, idField } from './text-bounds.ts'

// docs/spec/dashboard-spec.md §5 "User" rules with their exact messages. The password is optional in the shared
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

/** A password being set: on create, and as the new one of a password change. */
export const newPasswordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(1000, 'Password must be at most 1000 characters')

/** The password one already has, typed again to change one's own. */
export const currentPasswordField = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(1000, 'Password must be at most 1000 characters')

export const createUserSchema = userBaseSchema.extend({ password: newPasswordField })
export type CreateUserInput = z.infer<typeof createUserSchema>

// An edit is partial (docs/decisions/0016 §2): an absent field stays as it was (undefined), while null or
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
    // Required only when the password set is the caller's own (users.service.ts checks it).
    currentPassword: currentPasswordField.optional(),
  })
  .partial({ username: true, role: true, isActive: true })
export type UpdateUserInput = z.infer<typeof updateUserSchema>

/** The assign dialog (docs/spec/dashboard-spec.md §5): at least one client. */
export const assignClientsSchema = z.object({
  clientIds: z
    .array(idField('clientId'))
    .min(1, 'Select at least one client')
    .max(1000, 'At most 1000 clients at once'),
})

// docs/spec/dashboard-spec.md §6: per-client assignments carry a permissions object (posted empty). Only the role
// flags are accepted there (docs/decisions/0016 §3), so nothing else can be stored under that name.
export const assignmentBodySchema = z.object({
  permissions: flagsObject(PERMISSION_FLAGS).default({}),
})
export type AssignmentPermissions = z.infer<typeof assignmentBodySchema>['permissions']

/** A user as POST /api/users and PUT /api/users/{id} answer it: never a password. */
export const savedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  // users.role is a text column: the wire promises a string, not one of ROLES.
  role: z.string(),
  isActive: z.boolean(),
  lastLogin: isoTimestampSchema.nullable(),
  createdAt: isoTimestampSchema,
})
export type SavedUser = z.infer<typeof savedUserSchema>

/** A user as GET /api/users lists it (docs/spec/dashboard-spec.md §3.2 "User (as listed)", without the password). */
export const listedUserSchema = savedUserSchema.extend({
  clientAssignments: z.array(z.object({ clientId: z.string(), client: z.object({ name: z.string() }) })),
})
export type ListedUser = z.infer<typeof listedUserSchema>

export const userListSchema = z.array(listedUserSchema)

/** One entry of GET /api/audit (paging travels in the X-Next-Cursor and X-Total-Count headers). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorUserId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  /** The caller's address as the hub saw it (TRUST_PROXY decides which: docs/decisions/0016 §5). */
  actorAddress: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: isoTimestampSchema,
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditListSchema = z.array(auditEntrySchema)

/** POST /api/auth/password: every signed-in user changes its own password with the current one. */
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
})
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>
