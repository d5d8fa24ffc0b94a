import type { SessionUser } from '@common/auth.ts'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { toast } from '@/components/ui/use-toast.ts'
import { getSessionUser } from '@/features/auth/api/get-session.ts'
import { postLogin } from '@/features/auth/api/login.ts'
import { postLogout } from '@/features/auth/api/logout.ts'
import { AuthContext, type AuthState } from '@/features/auth/auth-context.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

// Spec §4 and §8: the session is checked once at start (any failure silently means "no user"),
// login reports its own outcome in a toast, and logout always ends in the signed-out state.
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [user, setUser] = useState<SessionUser | null>(null)
  const [isLoading, setIsLoading] = useState(true)

  useEffect(() => {
    const controller = new AbortController()
    getSessionUser(controller.signal)
      .then((sessionUser) => {
        if (!controller.signal.aborted) setUser(sessionUser)
      })
      .catch(() => {
        // Not signed in, or the server is unreachable: either way there is no user.
      })
      .finally(() => {
        if (!controller.signal.aborted) setIsLoading(false)
      })
    return () => controller.abort()
  }, [])

  const login = useCallback(async (username: string, password: string) => {
    try {
      const signedIn = await postLogin({ username, password })
      setUser(signedIn)
      toast({ title: 'Login successful', description: 'Welcome to the admin dashboard' })
    } catch (error) {
      const serverMessage = serverMessageOf(error)
      toast({
        title: 'Login failed',
        description: serverMessage ?? 'Invalid credentials',
        variant: 'destructive',
      })
      throw new Error(serverMessage ?? 'Login failed')
    }
  }, [])

  const logout = useCallback(async () => {
    try {
      await postLogout()
    } catch (error) {
      console.error('Logout request failed', error)
    } finally {
      setUser(null)
      queryClient.clear()
    }
  }, [queryClient])

  const value = useMemo<AuthState>(
    () => ({ user, isLoading, isAuthenticated: user !== null, login, logout }),
    [user, isLoading, login, logout],
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
