import * as z from 'zod';
import { LIMITS } from '../constants';
import { emailAddress, PresignedUpload } from './common';
import { DEFAULT_USER_SETTINGS, EMAIL_SETTINGS, type EmailSetting } from './values';

export { DEFAULT_USER_SETTINGS, EMAIL_SETTINGS, type EmailSetting };

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
  /** Send it back with a profile change: a newer stored version answers 409. */
  version: z.number().int(),
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

/** Profile names: at least 2 characters after trimming (spec 000 §5). */
const profileName = (message: string) =>
  z.string({ error: message }).trim().min(2, message).max(LIMITS.name, message);
export const UpdateUserRequest = z.object({
  givenName: profileName('Please provide a first name'),
  lastName: profileName('Please provide a last name'),
  /** The version the form started from. */
  version: z.number().int().min(1).optional(),
});

export const LoggedInResponse = z.object({ lastSeen: z.string() });

/** A usage event or an APP_ERROR, recorded for the caller (the body's userId is ignored). */
export const ActivityEvent = z.object({
  eventName: z.string().trim().min(1).max(100),
  eventData: z.record(z.string(), z.unknown()).optional(),
  userId: z.string().max(100).optional(),
  duration: z.number().min(0).max(86_400_000).optional(),
});
export const ActivityEntry = z.object({ date: z.string(), count: z.number().int() });
export const ActivityQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(90) });

export const UserTeam = z.object({ teamId: z.string(), name: z.string(), current: z.boolean() });

export const PHOTO_TOO_LARGE_MESSAGE =
  'That image is too large, please choose a smaller image. We allow up to 2MB.';
/** Photos are raster images: no SVG (it can carry script). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PHOTO_TYPE_MESSAGE = 'The photo must be a PNG, JPEG, GIF or WebP image';
export const PhotoUploadRequest = z.object({
  fileName: z.string().trim().min(1).max(LIMITS.defaultInput),
  contentType: z.enum(PHOTO_TYPES, PHOTO_TYPE_MESSAGE),
});
export const PhotoUploadResponse = z.object({
  upload: PresignedUpload,
  /** The staged object to name in /user/photo/complete. */
  photo: z.string(),
});
export const PhotoCompleteRequest = z.object({ photo: z.string().min(1).max(1024) });

export const UserSettings = z.object({
  sendEmailOnProjectAssigned: z.boolean(),
  sendEmailOnQuestionAssigned: z.boolean(),
  sendEmailOnBeingMentioned: z.boolean(),
  sendEmailOnBeingRepliedTo: z.boolean(),
  /** Admins only (NOTIFY_PROJECT_CREATION): an e-mail when anyone in the team creates a project. */
  sendEmailOnProjectCreated: z.boolean(),
  /** Library answers the user owns came due for review, and the weekly digest of those due. */
  sendEmailOnLibraryReviewDue: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettings>;
export const UpdateUserSettingsRequest = UserSettings.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
