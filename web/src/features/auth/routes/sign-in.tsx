import { AuthCard } from '../../../components/AuthCard';
import { SignInForm } from '../components/sign-in-form';

/** /login */
export default function SignInRoute() {
  return (
    <AuthCard pageTitle="Sign In" heading="Sign in to your account">
      <SignInForm />
    </AuthCard>
  );
}
