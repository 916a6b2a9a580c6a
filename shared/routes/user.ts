import { Ok } from '../schemas/common';
import {
  ActivityEntry,
  ActivityEvent,
  ActivityQuery,
  LoggedInResponse,
  PhotoCompleteRequest,
  PhotoUploadRequest,
  PhotoUploadResponse,
  UpdateUserRequest,
  User,
  UserStatusResponse,
  UserTeam,
} from '../schemas/user';
import { route, routeGroup } from './route';

export const user = routeGroup(
  'user',
  // Profile photos: presigned uploads, the bytes checked on complete, replaced photos deleted.
  { table: 'readwrite', uploads: 'readwrite' },
  {
    getUser: route({
      method: 'GET',
      path: '/api/user',
      auth: 'user',
      summary: "The caller's user record",
      response: User,
    }),
    getUserStatus: route({
      method: 'GET',
      path: '/api/user/status',
      auth: 'user',
      summary: "The caller's account status, which drives routing after sign-in",
      response: UserStatusResponse,
    }),
    updateUser: route({
      method: 'POST',
      path: '/api/user/update',
      auth: 'user',
      summary: "Change the caller's first and last name",
      body: UpdateUserRequest,
      response: User,
    }),
    recordLoggedIn: route({
      method: 'POST',
      path: '/api/user/logged-in',
      auth: 'user',
      summary: "Record that the caller signed in (the team page's Last Seen)",
      response: LoggedInResponse,
    }),
    recordActivity: route({
      method: 'POST',
      path: '/api/user/activity',
      auth: 'user',
      summary: 'Record a usage event or an APP_ERROR for the caller',
      body: ActivityEvent,
      response: Ok,
    }),
    getActivity: route({
      method: 'GET',
      path: '/api/user/activity',
      auth: 'user',
      summary: "The caller's contributions per day over the last `days` days (default 90)",
      query: ActivityQuery,
      response: ActivityEntry.array(),
    }),
    getUserTeams: route({
      method: 'GET',
      path: '/api/user/teams',
      auth: 'user',
      summary: 'Teams the caller belongs to',
      response: UserTeam.array(),
    }),
    requestPhotoUpload: route({
      method: 'POST',
      path: '/api/user/photo/update',
      auth: 'user',
      summary: 'A presigned PUT for a new profile photo (an image, at most 2 MB)',
      body: PhotoUploadRequest,
      response: PhotoUploadResponse,
    }),
    completePhotoUpload: route({
      method: 'POST',
      path: '/api/user/photo/complete',
      auth: 'user',
      summary: 'Use the uploaded photo once its type and size are checked again',
      body: PhotoCompleteRequest,
      response: User,
    }),
    removePhoto: route({
      method: 'POST',
      path: '/api/user/photo/remove',
      auth: 'user',
      summary: "Remove the caller's photo",
      response: User,
    }),
  },
);
