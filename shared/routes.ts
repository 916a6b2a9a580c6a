/**
 * The route table: the only list of REST routes. CDK builds API Gateway resources and one Lambda
 * per route group from it, the local gateway routes with it, the web client is typed from it,
 * the OpenAPI document is generated from it and the authorisation test sweeps it.
 */
import type * as z from 'zod';
import type { PermissionKey } from './permissions';
import { Ok } from './schemas/common';
import { Health, OpenApiDocument } from './schemas/meta';
import { MarkReadResponse, Notification, NotificationsQuery } from './schemas/notification';
import { SsoAliasLookup, SsoDomainLookup, SsoLookupResponse } from './schemas/sso';
import {
  CreateTeamRequest,
  CreateTeamResponse,
  Group,
  Invitation,
  InviteMemberRequest,
  Membership,
  Permissions,
  RespondToInvitationRequest,
  RespondToInvitationResponse,
  Role,
  UpdateMemberRequest,
} from './schemas/team';
import {
  ActivityEntry,
  ActivityEvent,
  ActivityQuery,
  LoggedInResponse,
  PhotoCompleteRequest,
  PhotoUploadRequest,
  PhotoUploadResponse,
  RegistrationRequest,
  RegistrationResponse,
  UpdateUserRequest,
  User,
  UserStatusResponse,
  UserTeam,
} from './schemas/user';

export const ROUTE_GROUPS = ['meta', 'user', 'registration', 'team', 'notifications'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** user: Cognito-verified caller; public: no token; api-key: the public analytics API key. */
export type AuthKind = 'user' | 'public' | 'api-key';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef<
  Body extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Full path as the browser calls it, always under /api, with {param} placeholders. */
  path: `/api/${string}`;
  group: RouteGroup;
  auth: AuthKind;
  summary: string;
  /** The caller must belong to a team (implied by `permission`). */
  team?: boolean;
  permission?: PermissionKey;
  body?: Body;
  query?: Query;
  /** Schema of the `data` member of the 200 response envelope. */
  response: Res;
}

/** Keeps each route's exact type (literal auth, presence of body) for the typed client and handlers. */
const route = <const D extends RouteDef>(def: D): D => def;

export const routes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    group: 'meta',
    auth: 'public',
    summary: 'Service health, including a read against the table',
    response: Health,
  }),
  openApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    group: 'meta',
    auth: 'public',
    summary: 'This API as an OpenAPI 3 document',
    response: OpenApiDocument,
  }),
  getUser: route({
    method: 'GET',
    path: '/api/user',
    group: 'user',
    auth: 'user',
    summary: "The caller's user record",
    response: User,
  }),
  getUserStatus: route({
    method: 'GET',
    path: '/api/user/status',
    group: 'user',
    auth: 'user',
    summary: "The caller's account status, which drives routing after sign-in",
    response: UserStatusResponse,
  }),
  updateUser: route({
    method: 'POST',
    path: '/api/user/update',
    group: 'user',
    auth: 'user',
    summary: "Change the caller's first and last name",
    body: UpdateUserRequest,
    response: User,
  }),
  recordLoggedIn: route({
    method: 'POST',
    path: '/api/user/logged-in',
    group: 'user',
    auth: 'user',
    summary: "Record that the caller signed in (the team page's Last Seen)",
    response: LoggedInResponse,
  }),
  recordActivity: route({
    method: 'POST',
    path: '/api/user/activity',
    group: 'user',
    auth: 'user',
    summary: 'Record a usage event or an APP_ERROR for the caller',
    body: ActivityEvent,
    response: Ok,
  }),
  getActivity: route({
    method: 'GET',
    path: '/api/user/activity',
    group: 'user',
    auth: 'user',
    summary: "The caller's contributions per day over the last `days` days (default 90)",
    query: ActivityQuery,
    response: ActivityEntry.array(),
  }),
  getUserTeams: route({
    method: 'GET',
    path: '/api/user/teams',
    group: 'user',
    auth: 'user',
    summary: 'Teams the caller belongs to',
    response: UserTeam.array(),
  }),
  requestPhotoUpload: route({
    method: 'POST',
    path: '/api/user/photo/update',
    group: 'user',
    auth: 'user',
    summary: 'A presigned PUT for a new profile photo (an image, at most 2 MB)',
    body: PhotoUploadRequest,
    response: PhotoUploadResponse,
  }),
  completePhotoUpload: route({
    method: 'POST',
    path: '/api/user/photo/complete',
    group: 'user',
    auth: 'user',
    summary: 'Use the uploaded photo once its type and size are checked again',
    body: PhotoCompleteRequest,
    response: User,
  }),
  removePhoto: route({
    method: 'POST',
    path: '/api/user/photo/remove',
    group: 'user',
    auth: 'user',
    summary: "Remove the caller's photo",
    response: User,
  }),
  registerUser: route({
    method: 'POST',
    path: '/api/public/user',
    group: 'registration',
    auth: 'public',
    summary: 'Complete registration for a confirmed identity that has no user record yet',
    body: RegistrationRequest,
    response: RegistrationResponse,
  }),
  ssoByAlias: route({
    method: 'POST',
    path: '/api/public/sso/alias',
    group: 'registration',
    auth: 'public',
    summary: 'The single sign-on provider for a customer alias (/login/{customerName})',
    body: SsoAliasLookup,
    response: SsoLookupResponse,
  }),
  ssoByDomain: route({
    method: 'POST',
    path: '/api/public/sso/domain',
    group: 'registration',
    auth: 'public',
    summary: 'The single sign-on provider for an e-mail domain',
    body: SsoDomainLookup,
    response: SsoLookupResponse,
  }),
  createTeam: route({
    method: 'POST',
    path: '/api/team',
    group: 'team',
    auth: 'user',
    summary: 'Create a team owned by the caller, with its default roles and groups',
    body: CreateTeamRequest,
    response: CreateTeamResponse,
  }),
  listMembers: route({
    method: 'GET',
    path: '/api/team/members',
    group: 'team',
    auth: 'user',
    team: true,
    summary: "Members of the caller's team (accepted only)",
    response: Membership.array(),
  }),
  listAllMembers: route({
    method: 'GET',
    path: '/api/team/members/all',
    group: 'team',
    auth: 'user',
    team: true,
    summary: "Members of the caller's team and its pending invitations",
    response: Membership.array(),
  }),
  inviteMember: route({
    method: 'POST',
    path: '/api/team/members/invite',
    group: 'team',
    auth: 'user',
    permission: 'CREATE_TEAM_MEMBER',
    summary: 'Invite an e-mail address to the team (sends the invitation e-mail)',
    body: InviteMemberRequest,
    response: Membership,
  }),
  updateMember: route({
    method: 'POST',
    path: '/api/team/members/{membershipId}/update',
    group: 'team',
    auth: 'user',
    permission: 'UPDATE_TEAM_MEMBER',
    summary: "Change a member's group and role (never one's own role, never the team owner's)",
    body: UpdateMemberRequest,
    response: Membership,
  }),
  listInvitations: route({
    method: 'GET',
    path: '/api/invitations',
    group: 'team',
    auth: 'user',
    summary: "Pending invitations for the caller's e-mail address",
    response: Invitation.array(),
  }),
  respondToInvitation: route({
    method: 'POST',
    path: '/api/invitations/{membershipId}/respond',
    group: 'team',
    auth: 'user',
    summary: 'Accept or decline an invitation',
    body: RespondToInvitationRequest,
    response: RespondToInvitationResponse,
  }),
  getPermissions: route({
    method: 'GET',
    path: '/api/permissions',
    group: 'team',
    auth: 'user',
    summary: "The caller's permission map (empty when the caller has no team)",
    response: Permissions,
  }),
  getRoles: route({
    method: 'GET',
    path: '/api/roles',
    group: 'team',
    auth: 'user',
    team: true,
    summary: "Roles of the caller's team",
    response: Role.array(),
  }),
  getGroups: route({
    method: 'GET',
    path: '/api/groups',
    group: 'team',
    auth: 'user',
    team: true,
    summary: "Groups of the caller's team",
    response: Group.array(),
  }),
  listNotifications: route({
    method: 'GET',
    path: '/api/notifications',
    group: 'notifications',
    auth: 'user',
    summary: "The caller's notifications, newest first, a page at a time (`before` = last id seen)",
    query: NotificationsQuery,
    response: Notification.array(),
  }),
  markNotificationRead: route({
    method: 'POST',
    path: '/api/notifications/{notificationId}/read',
    group: 'notifications',
    auth: 'user',
    summary: "Mark one of the caller's notifications as read",
    response: MarkReadResponse,
  }),
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
export type RouteQuery<N extends RouteName> = Routes[N] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

export type RouteEntry = RouteDef & { name: RouteName };
export const routeList: RouteEntry[] = Object.entries(routes).map(([name, def]) => ({
  name: name as RouteName,
  ...(def as RouteDef),
}));

/** `/api/team/{id}` → the path parameter names, in order. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Fill a route path's {param} placeholders. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(params[key]);
  });
}
