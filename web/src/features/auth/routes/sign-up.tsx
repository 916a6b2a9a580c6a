import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

/** /Signup[?email=…]: create an account; the e-mail is prefilled from the query string. */
export default function SignUpRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard pageTitle="Create Account" heading="Create an account">
      <SignUpForm initialEmail={params.get('email')?.trim() ?? ''} />
    </AuthCard>
  );
}
