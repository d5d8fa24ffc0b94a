import { AppProvider } from '@/app/provider.tsx'
import { AppRouter } from '@/app/router.tsx'

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  )
}
