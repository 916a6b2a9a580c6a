import * as z from 'zod';
import { PERMISSION_KEYS } from '../permissions';
import { ReviewCycle } from './review';

export const Role = z.object({ roleId: z.string(), name: z.string(), code: z.string() });
export type Role = z.infer<typeof Role>;

export const Group = z.object({ groupId: z.string(), groupName: z.string() });
export type Group = z.infer<typeof Group>;

/** A map of permission keys to booleans; an absent key is false. */
export const Permissions = z.partialRecord(z.enum(PERMISSION_KEYS), z.boolean());

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'INVITED'] as const;

/**
 * Our e-mail does not reach this address (SES reported a bounce, a complaint or the suppression list):
 * nothing more is sent to it, and `message` says why and what to do.
 */
export const MailHealth = z.object({
  state: z.enum(['BOUNCING', 'SUPPRESSED', 'COMPLAINED']),
  since: z.string(),
  message: z.string(),
});
export type MailHealth = z.infer<typeof MailHealth>;

/** A member of the team, or a pending invitation (status INVITED, userId and member null). */
export const Membership = z.object({
  membershipId: z.string(),
  userId: z.string().nullable(),
  emailAddress: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  groupId: z.string(),
  roleId: z.string(),
  createdAt: z.string(),
  member: z
    .object({
      userId: z.string(),
      fullName: z.string(),
      emailAddress: z.string(),
      photo: z.string().nullable(),
      lastSeen: z.string().nullable(),
    })
    .nullable(),
  group: z.object({ groupName: z.string() }),
  role: z.object({ name: z.string(), code: z.string() }),
  /** Present only when our e-mail does not reach the address. */
  mailHealth: MailHealth.optional(),
  /** Present only while the team's identity provider has the person deactivated (SCIM). */
  deactivatedAt: z.string().optional(),
});
export type Membership = z.infer<typeof Membership>;

export const CreateTeamRequest = z.object({
  name: z
    .string({ error: 'Please provide a name for the team' })
    .trim()
    .min(3, 'Please provide a name for the team')
    .max(256, 'Please provide a name for the team'),
});
export const CreateTeamResponse = z.object({ teamId: z.string(), name: z.string() });

/** A group or role picked from a list: one of our ids (at most 128 characters), or the message. */
const choice = (message: string) =>
  z
    .string({ error: message })
    .min(1, { message, abort: true })
    .max(128, { message, abort: true })
    .regex(/^[A-Za-z0-9_=-]+$/, message);

export const InviteMemberRequest = z.object({
  emailAddress: z
    .string({ error: 'Please enter an email address' })
    .trim()
    .toLowerCase()
    .max(256, 'Please enter an email address')
    .pipe(z.email({ error: 'Please enter an email address' })),
  groupId: choice('Please select a team'),
  roleId: choice('Please select an access level'),
});

export const UpdateMemberRequest = z.object({
  groupId: choice('Please select a team'),
  roleId: choice('Please select access'),
});

export const Invitation = z.object({
  membershipId: z.string(),
  createdAt: z.string(),
  invitationData: z.object({
    sender: z.object({ userId: z.string(), fullName: z.string(), photo: z.string().nullable() }),
    team: z.object({ teamId: z.string(), name: z.string() }),
  }),
});

export const INVITATION_RESPONSES = ['ACCEPT', 'DECLINE'] as const;
export const RespondToInvitationRequest = z.object({ invitationStatus: z.enum(INVITATION_RESPONSES) });
export const RespondToInvitationResponse = z.object({
  invitationStatus: z.enum(INVITATION_RESPONSES),
  /** Invitations still pending for the caller after this response. */
  remainingInvitations: z.number().int(),
});

// ——— Team settings (spec 002 §2.7, §3 Team, §5, §7.6) ———

export const TEAM_SETTINGS_MESSAGES = {
  name: 'Please provide a company name of at least 4 characters',
  website: 'Please provide a website starting with http:// or https://',
  redemptionCode: 'Please check the redemption code and try again',
  logoTooLarge: 'That file is too large, please choose a smaller image. We allow up to 1MB.',
  logoType: 'The logo must be a PNG, JPEG, GIF or WebP image',
  fetch: 'There was an error retrieving your team settings',
  save: 'There was an error saving your team settings',
  apiKeyFetch: 'There was an error retrieving your API key',
  apiKeyGenerate: 'There was an error generating your API key',
} as const;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * http:// or https://, then a dotted host: with www. it needs more than two parts, otherwise more
 * than one (spec 002 §5).
 */
export function isCompanyWebsite(value: string) {
  const match = /^https?:\/\/([^/?#:\s]+)(:\d+)?([/?#]\S*)?$/i.exec(value.trim());
  if (!match) return false;
  const parts = match[1].split('.');
  if (parts.some((p) => !/^[a-z0-9-]+$/i.test(p) || p.startsWith('-') || p.endsWith('-'))) return false;
  return parts[0].toLowerCase() === 'www' ? parts.length > 2 : parts.length > 1;
}

export const TeamSettings = z.object({
  teamId: z.string(),
  name: z.string(),
  companyWebsite: z.string().nullable(),
  /** A short-lived link to the logo, or null. */
  teamLogo: z.string().nullable(),
  /** The code redeemed, once one is (the field is offered only while none is set). */
  redemptionCode: z.string().nullable(),
  /** What the redeemed code gave the team (e.g. the partner that referred it). */
  redemptionPartner: z.string().nullable(),
  importedAnswersRequireReview: z.boolean(),
  defaultAnswersToFlowToLibrary: z.boolean(),
  /** Library answers come due for review this many months after their last review; null: never. */
  libraryReviewCycle: ReviewCycle,
});
export type TeamSettings = z.infer<typeof TeamSettings>;

/** Only the fields that changed are sent (spec 002 §7.6). */
export const UpdateTeamSettingsRequest = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(4, TEAM_SETTINGS_MESSAGES.name)
      .max(256, TEAM_SETTINGS_MESSAGES.name)
      .optional(),
    companyWebsite: z
      .string()
      .trim()
      .max(256, TEAM_SETTINGS_MESSAGES.website)
      .refine(isCompanyWebsite, TEAM_SETTINGS_MESSAGES.website)
      .optional(),
    redemptionCode: z.string().trim().length(4, TEAM_SETTINGS_MESSAGES.redemptionCode).optional(),
    importedAnswersRequireReview: z.boolean().optional(),
    defaultAnswersToFlowToLibrary: z.boolean().optional(),
    libraryReviewCycle: ReviewCycle.optional(),
    /** The staged upload named by requestLogoUpload (its bytes are checked before it is used). */
    teamLogo: z.string().min(1).max(1024).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });

export const LogoUploadRequest = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.enum(LOGO_TYPES, TEAM_SETTINGS_MESSAGES.logoType),
  sizeBytes: z.number().int().min(0).max(LOGO_MAX_BYTES, TEAM_SETTINGS_MESSAGES.logoTooLarge).optional(),
});
export const LogoUploadResponse = z.object({
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  uploadUrl: z.string(),
  /** The staged object: send it as teamLogo in the settings update. */
  teamLogo: z.string(),
});

// ——— API access (spec 002 §2.8, §3, §7.6, §7.8) ———

export const ApiAccess = z.object({
  teamId: z.string(),
  /** The client id the public API expects: client_{teamId}. */
  clientId: z.string(),
  /** The start of the key (the key itself is shown once, when generated); null before any. */
  apiKeyPrefix: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export const GeneratedApiKey = ApiAccess.extend({
  /** The whole key: shown this once and never again (only its hash is kept). */
  apiKey: z.string(),
});
