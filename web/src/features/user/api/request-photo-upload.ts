import type { RouteBody } from '@shared/routes';
import { api } from '@/lib/api-client';

export type PhotoUploadInput = RouteBody<'requestPhotoUpload'>;

/** POST /api/user/photo/update: a presigned POST (upload) for a new photo, and its object name. */
export const requestPhotoUpload = (body: PhotoUploadInput) => api('requestPhotoUpload', { body });
