import { z } from 'zod'
import { isoTimestampSchema } from './api.ts'
import { permissionsSchema, roleSchema } from './permissions.ts'

// docs/spec/dashboard-spec.md §5: login fields are required, minimum length 1, with these exact messages.
// The upper bounds keep a hostile 1 MB username from ever reaching the password hasher.
export const loginSchema = z.object({
  username: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Username is required' : 'Username must be text'),
    })
    .min(1, 'Username is required')
    .max(200, 'Username is too long'),
  password: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Password is required' : 'Password must be text'),
    })
    .min(1, 'Password is required')
    .max(1000, 'Password is too long'),
})
export type LoginInput = z.infer<typeof loginSchema>

/** The signed-in user as `/api/auth/me` and `/api/auth/login` return it under `user`. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  isActive: z.boolean(),
  lastLogin: isoTimestampSchema.nullable(),
  permissions: permissionsSchema,
})
export type SessionUser = z.infer<typeof sessionUserSchema>

/** GET /api/auth/me and POST /api/auth/login. */
export const sessionResponseSchema = z.object({ user: sessionUserSchema })
export type SessionResponse = z.infer<typeof sessionResponseSchema>
