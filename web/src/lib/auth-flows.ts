/**
 * Amplify's account flows, in a chunk of their own: signing in (password, federated), signing out
 * and re-sending a sign-up code weigh about as much as the sign-in screen around them and run only
 * when the user acts. Loaded through loadAuthFlows (auth.ts), which the sign-in form starts early.
 */
export { resendSignUpCode, signIn, signInWithRedirect, signOut } from 'aws-amplify/auth';
