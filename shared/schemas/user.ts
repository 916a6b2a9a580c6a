import { z } from 'zod';
import { LIMITS } from '../constants';
import { emailAddress } from './common';

export const ACCOUNT_STATUSES = [
  'USER_NOT_REGISTERED',
  'USER_HAS_INVITATIONS',
  'USER_HAS_NO_INVITATIONS',
  'USER_ACCOUNT_READY',
] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const RoleSummary = z.object({ name: z.string(), code: z.string() });

export const User = z.object({
  userId: z.string(),
  givenName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  emailAddress: z.string(),
  photo: z.string().nullable(),
  status: z.string(),
  teamId: z.string().nullable(),
  role: RoleSummary.nullable(),
  group: z.object({ groupName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const UserStatusResponse = z.object({ status: AccountStatus });

const personName = (message: string) =>
  z.string({ error: message }).trim().min(3, message).max(LIMITS.name, message);

/** Complete registration (POST /public/user), spec 000 §3 and §5. */
export const RegistrationRequest = z.object({
  givenName: personName('Please provide a first name'),
  lastName: personName('Please provide a last name'),
  emailAddress: emailAddress(LIMITS.email),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;
export const RegistrationResponse = z.object({ userId: z.string() });
