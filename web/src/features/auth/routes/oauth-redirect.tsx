import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Splash } from '@/components/splash';
import { takeRedirectError } from '@/lib/amplify';
import { authSessionQueryKey, readAuthSession } from '@/lib/auth';
import { notifyError } from '@/lib/notify';

/**
 * /token: where the hosted UI sends the browser back after federated sign-in. Amplify completes the
 * sign-in from the URL (enabled in main.tsx); fetchAuthSession waits for it.
 */
export default function OAuthRedirectRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    void (async () => {
      const session = await readAuthSession();
      if (!active) return;
      await queryClient.invalidateQueries({ queryKey: authSessionQueryKey });
      if (session.signedIn) {
        navigate('/', { replace: true });
        return;
      }
      const error = takeRedirectError();
      if (error) notifyError(error);
      navigate('/login', { replace: true });
    })();
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);

  return <Splash />;
}
