import { useMutation } from '@tanstack/react-query';
import { signInWithRedirect } from 'aws-amplify/auth';

/**
 * Identity-service federated sign-in (no REST call): the browser leaves for the customer's identity
 * provider and comes back to /token.
 */
export const startFederatedSignIn = (providerName: string) =>
  signInWithRedirect({ provider: { custom: providerName } });

export const useFederatedSignIn = () => useMutation({ mutationFn: startFederatedSignIn });
