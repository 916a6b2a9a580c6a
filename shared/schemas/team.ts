import * as z from 'zod';
import { PERMISSION_KEYS } from '../permissions';

export const Role = z.object({ roleId: z.string(), name: z.string(), code: z.string() });
export type Role = z.infer<typeof Role>;

export const Group = z.object({ groupId: z.string(), groupName: z.string() });
export type Group = z.infer<typeof Group>;

/** A map of permission keys to booleans; an absent key is false. */
export const Permissions = z.partialRecord(z.enum(PERMISSION_KEYS), z.boolean());

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'INVITED'] as const;

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
