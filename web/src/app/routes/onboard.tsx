import { useSearch } from 'wouter'
import { OnboardingScreen } from '@/features/onboarding/components/onboarding-screen.tsx'

// Public page (no sign-in, no shell): /onboard/{clientId}?token={t} (docs/spec/product.md §4).
export function OnboardPage({ clientId }: { clientId: string }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  return <OnboardingScreen clientId={clientId} token={token} />
}
