import type { SessionUser } from '@common/auth.ts'

/**
 * Who is calling: the signed-in user behind a request's session cookie. Below both `http/` (the
 * guard attaches it to the request) and `modules/` (services act for it), so the HTTP plumbing
 * never imports a module (docs/architecture.md, "The layers and their arrows").
 */
export interface AuthenticatedSession {
  user: SessionUser
  sessionId: number
  /** The caller's address, set by the guard for the request at hand (audit entries). */
  address?: string
}
