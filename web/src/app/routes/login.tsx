import { BrandLogo } from '@/components/layout/brand-logo.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx'
import { LoginForm } from '@/features/auth/components/login-form.tsx'

// docs/spec/dashboard-spec.md §2.2: shown instead of the shell while nobody is signed in; the address stays as it is.
export function LoginPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-accent/60 via-background to-background px-4 py-12">
      <div className="w-full max-w-md">
        <BrandLogo className="mb-8 justify-center" />
        <Card className="shadow-md">
          <CardHeader className="gap-2 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">Admin Login</h1>
            <CardDescription>Enter your credentials to access the admin dashboard</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm />
          </CardContent>
        </Card>
        <p className="mt-6 text-balance text-center text-xs text-muted-foreground">
          For LeadRelay operators. Clients connect their accounts through their onboarding link.
        </p>
      </div>
    </div>
  )
}
