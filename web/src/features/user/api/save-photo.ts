import { useMutation, useQueryClient } from '@tanstack/react-query';
import { photoFileName } from '@/features/user/utils/photo-file';
import { logAppError } from '@/lib/app-error';
import { currentUserQueryKey } from '@/lib/current-user';
import { uploadFile } from '@/lib/upload';
import { completePhotoUpload } from './complete-photo-upload';
import { type PhotoUploadInput, requestPhotoUpload } from './request-photo-upload';

/**
 * Save a new profile photo: ask for a presigned POST, upload the file there, then complete. The
 * returned user (with the new presigned photo URL) replaces the cached one, so the navigation
 * column's avatar changes too.
 */
export async function savePhoto(file: File) {
  const { upload, photo } = await requestPhotoUpload({
    fileName: photoFileName(file),
    contentType: file.type as PhotoUploadInput['contentType'],
  });
  try {
    await uploadFile(upload, file);
  } catch (error) {
    logAppError('uploadPhotoFile', error);
    throw error;
  }
  return completePhotoUpload({ photo });
}

export function useSavePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePhoto,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
