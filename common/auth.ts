import { z } from 'zod'
import type { Permissions, Role } from './permissions.ts'

// Spec §5: login fields are required, minimum length 1, with these exact messages.
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
export interface SessionUser {
  id: number
  username: string
  email: string | null
  firstName: string | null
  lastName: string | null
  role: Role
  isActive: boolean
  lastLogin: string | null
  permissions: Permissions
}
