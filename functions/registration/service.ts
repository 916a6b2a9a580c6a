import type { RegistrationRequest } from '../../shared/schemas/user';
import { db } from '../common/entities';
import { ConflictError, UnprocessableError } from '../common/errors';
import { findPoolUser } from '../common/identity-provider';
import { rateLimit } from '../common/rate-limit';

export const REGISTRATION_LIMIT = { perIp: 20, perEmail: 5, windowSeconds: 600 };

/**
 * Complete registration: creates the user record for a confirmed identity that has none yet. The
 * route carries no token, so the e-mail must belong to a confirmed user of the pool, and calls are
 * rate limited per source address and per e-mail.
 */
export async function completeRegistration(input: RegistrationRequest, sourceIp: string) {
  await rateLimit(`registration:ip:${sourceIp}`, REGISTRATION_LIMIT.perIp, REGISTRATION_LIMIT.windowSeconds);
  await rateLimit(
    `registration:email:${input.emailAddress}`,
    REGISTRATION_LIMIT.perEmail,
    REGISTRATION_LIMIT.windowSeconds,
  );
  const poolUser = await findPoolUser(input.emailAddress);
  if (!poolUser)
    throw new UnprocessableError('There is no account for this e-mail address. Please sign up first.');
  if (!poolUser.confirmed)
    throw new UnprocessableError('Please confirm your e-mail address before registering.');
  try {
    await db()
      .entities.user.create({
        userId: poolUser.sub,
        emailAddress: input.emailAddress,
        givenName: input.givenName,
        lastName: input.lastName,
      })
      .go();
  } catch (error) {
    if ((error as Error).message.includes('conditional request failed')) {
      throw new ConflictError('This account has already completed registration.');
    }
    throw error;
  }
  return { userId: poolUser.sub };
}
