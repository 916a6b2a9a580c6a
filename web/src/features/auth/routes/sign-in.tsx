import { AuthCard } from '@/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';

/** /login */
export default function SignInRoute() {
  return (
    <AuthCard pageTitle="Sign In" heading="Sign in to your account">
      <SignInForm />
    </AuthCard>
  );
}
