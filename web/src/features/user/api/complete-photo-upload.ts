import type { RouteBody } from '@shared/routes';
import { api } from '@/lib/api-client';

export type PhotoCompleteInput = RouteBody<'completePhotoUpload'>;

/** POST /api/user/photo/complete: use the uploaded object as the photo; returns the updated user. */
export const completePhotoUpload = (body: PhotoCompleteInput) => api('completePhotoUpload', { body });
