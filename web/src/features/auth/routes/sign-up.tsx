import { AuthCard } from '../../../components/AuthCard';

/** /Signup: create an account (the form comes with the sign-up issue). */
export default function SignUpRoute() {
  return <AuthCard pageTitle="Create Account" heading="Create Account" />;
}
