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
}

export const AuthContext = createContext<AuthState | null>(null)
