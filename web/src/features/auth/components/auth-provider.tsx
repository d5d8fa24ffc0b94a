import type { SessionUser } from '@common/auth.ts'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { toast } from '@/components/ui/use-toast.ts'
import { getSessionUser } from '@/features/auth/api/get-session.ts'
import { postLogin } from '@/features/auth/api/login.ts'
import { postLogout } from '@/features/auth/api/logout.ts'
import { ApiError, serverMessageOf } from '@/lib/api-client.ts'
import { AuthContext, type AuthState } from '@/lib/auth/auth-context.ts'

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

// docs/spec/dashboard-spec.md §4 and §8: the session is checked once at start (any failure silently means "no user"),
// login reports its own outcome in a toast, and logout always ends in the signed-out state.
// Beyond the spec: a 401 from any query or mutation while signed in (the session expired, or
// an admin deactivated this user) signs out locally, so the login screen replaces the shell.
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [user, setUserState] = useState<SessionUser | null>(null)
  const [isLoading, setIsLoading] = useState(true)
  // The cache listeners below outlive renders; they read the current user from here.
  const userRef = useRef<SessionUser | null>(null)

  const setUser = useCallback((next: SessionUser | null) => {
    userRef.current = next
    setUserState(next)
  }, [])

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
  }, [setUser])

  const endSessionLocally = useCallback(() => {
    if (userRef.current === null) return
    setUser(null)
    // Deferred so the failing query or mutation finishes notifying its observers first, and so
    // this toast replaces any error toast that the failed action raises (one toast at a time).
    setTimeout(() => {
      queryClient.clear()
      toast({ title: 'Session ended', description: 'Please sign in again.' })
    }, 0)
  }, [queryClient, setUser])

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isUnauthorized(error)) endSessionLocally()
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [queryClient, endSessionLocally])

  const login = useCallback(
    async (username: string, password: string) => {
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
    },
    [setUser],
  )

  const logout = useCallback(async () => {
    try {
      await postLogout()
    } catch (error) {
      console.error('Logout request failed', error)
    } finally {
      setUser(null)
      queryClient.clear()
    }
  }, [queryClient, setUser])

  const refresh = useCallback(async () => {
    try {
      const sessionUser = await getSessionUser()
      if (userRef.current !== null) setUser(sessionUser)
    } catch (error) {
      if (isUnauthorized(error)) endSessionLocally()
    }
  }, [setUser, endSessionLocally])

  const value = useMemo<AuthState>(
    () => ({ user, isLoading, isAuthenticated: user !== null, login, logout, refresh }),
    [user, isLoading, login, logout, refresh],
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
