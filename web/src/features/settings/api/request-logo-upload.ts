import type { RouteBody } from '@shared/routes';
import { api } from '@/lib/api-client';

export type LogoUploadInput = RouteBody<'requestLogoUpload'>;

/**
 * POST /api/team/logo/upload: a presigned POST for a new team logo (a raster image, at most 1 MB)
 * and the staged object's key, sent as teamLogo with the settings update.
 */
export const requestLogoUpload = (body: LogoUploadInput) => api('requestLogoUpload', { body });
