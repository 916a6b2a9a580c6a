import { user as userRoutes } from '../../shared/routes/user';
import { createGroupHandler } from '../common/http';
import {
  completePhotoUpload,
  getAccountStatus,
  getActivity,
  getCurrentUser,
  getUserTeams,
  recordActivity,
  recordLoggedIn,
  removePhoto,
  requestPhotoUpload,
  updateProfile,
} from './service';
import { getUserSettings, updateUserSettings } from './settings';

export const handler = createGroupHandler(userRoutes, {
  getUser: async ({ caller }) => getCurrentUser(caller),
  getUserStatus: async ({ caller }) => ({ status: await getAccountStatus(caller) }),
  updateUser: async ({ caller, body, sessionId }) => updateProfile(caller, body, sessionId),
  recordLoggedIn: async ({ caller }) => recordLoggedIn(caller),
  recordActivity: async ({ caller, body }) => recordActivity(caller, body),
  getActivity: async ({ caller, query }) => getActivity(caller, query.days),
  getUserTeams: async ({ caller }) => getUserTeams(caller),
  requestPhotoUpload: async ({ caller, body }) => requestPhotoUpload(caller, body.contentType),
  completePhotoUpload: async ({ caller, body, sessionId }) =>
    completePhotoUpload(caller, body.photo, sessionId),
  removePhoto: async ({ caller, sessionId }) => removePhoto(caller, sessionId),
  getUserSettings: async ({ caller }) => getUserSettings(caller),
  updateUserSettings: async ({ caller, body }) => updateUserSettings(caller, body),
});
