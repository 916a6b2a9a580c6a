import { LIMITS } from '@shared/constants';
import { emailAddress } from '@shared/schemas/base';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { startFederatedSignIn } from '@/features/auth/api/federated-sign-in';
import { ssoByDomainQueryOptions, ssoDomainOf } from '@/features/auth/api/sso-by-domain';
import { authErrorMessage } from '@/features/auth/utils/auth-errors';
import { logAppError } from '@/lib/app-error';
import { notifyError } from '@/lib/notify';

const WorkEmail = emailAddress(LIMITS.email);

/**
 * Single sign-on by e-mail domain (spec 000 §4): on sign in, sign up and reset, on the e-mail
 * field's blur and on submit, the domain is looked up; when a provider answers, the federated
 * sign-in starts instead of the password flow. A failed lookup lets the password flow go on.
 */
export function useSsoCheck() {
  const queryClient = useQueryClient();
  const [inFlight, setInFlight] = useState(0);
  const [redirecting, setRedirecting] = useState(false);
  const redirectingRef = useRef(false);

  /**
   * Resolves true when the browser is being handed to the identity provider. Only a check made on
   * submit counts as `checking` (a blur check must not disable the button the user is clicking).
   */
  const check = useCallback(
    async (email: string, { onSubmit = false }: { onSubmit?: boolean } = {}): Promise<boolean> => {
      if (redirectingRef.current) return true;
      const parsed = WorkEmail.safeParse(email);
      const domain = parsed.success ? ssoDomainOf(parsed.data) : null;
      if (!domain) return false;
      let providerName: string | null = null;
      if (onSubmit) setInFlight((n) => n + 1);
      try {
        providerName = (await queryClient.fetchQuery(ssoByDomainQueryOptions(domain))).providerName;
      } catch {
        return false;
      } finally {
        if (onSubmit) setInFlight((n) => n - 1);
      }
      if (!providerName || redirectingRef.current) return redirectingRef.current;
      redirectingRef.current = true;
      setRedirecting(true);
      try {
        await startFederatedSignIn(providerName, parsed.data);
      } catch (error) {
        redirectingRef.current = false;
        setRedirecting(false);
        logAppError('auth.signInWithRedirect', error);
        notifyError(authErrorMessage(error));
      }
      return true;
    },
    [queryClient],
  );

  return { check, checking: inFlight > 0, redirecting };
}
