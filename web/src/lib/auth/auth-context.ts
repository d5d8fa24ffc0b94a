import type { SessionUser } from '@common/auth.ts'
import { createContext } from 'react'

export interface AuthState {
  /** The signed-in user; null until known and when nobody is signed in. */
  user: SessionUser | null
  /** True from start until the first session check has settled. */
  isLoading: boolean
  isAuthenticated: boolean
  /** Signs in; on failure shows the 'Login failed' toast and rethrows the server's message. */
  login: (username: string, password: string) => Promise<void>
  /** Signs out; the user and all cached queries are cleared even when the call fails. */
  logout: () => Promise<void>
  /**
   * Reloads the signed-in user (after a change to their own account or role). A 401 means the
   * session is over and signs out locally; any other failure keeps the user as it was.
   */
  refresh: () => Promise<void>
}

export const AuthContext = createContext<AuthState | null>(null)
