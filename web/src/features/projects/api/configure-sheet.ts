import type { ConfigureSheetRequest, SheetDetail } from '@shared/schemas/source';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';
import { type SheetRef, sheetQueryKey } from './get-sheet';

export type ConfigureSheetInput = SheetRef & { body: ConfigureSheetRequest };

/**
 * POST .../sources/{projectSourceId}/sheets/{sheetId}/spreadsheet/configure: save the sheet's
 * columns and rows (CREATE_QUESTION); the server creates, updates and unlinks its questions and
 * answers the counts, or, for a save too large for one request, `applying` (SOURCE_UPDATED follows
 * once the questions exist). A stale version answers 409.
 */
export const configureSheet = ({ projectId, projectSourceId, sheetId, body }: ConfigureSheetInput) =>
  api('configureSheet', { params: { projectId, projectSourceId, sheetId }, body });

export function useConfigureSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: configureSheet,
    onSuccess: (result, { projectId, sheetId, body }) => {
      // What was saved is now what is stored: the screen has nothing unsaved at once.
      queryClient.setQueryData<SheetDetail>(sheetQueryKey(projectId, sheetId), (sheet) =>
        sheet
          ? {
              ...sheet,
              configured: true,
              isLinked: body.isLinked,
              columnClassifications: body.columnClassifications,
              rowInclusion: body.rowInclusion,
              // A large save keeps its current count until the job has created the questions.
              questionCount: result.applying ? sheet.questionCount : result.questionCount,
              applying: result.applying,
              version: result.version,
            }
          : sheet,
      );
    },
    onSettled: (_result, _error, { projectId }) => {
      // The sources list (question counts), the dashboard and every question list of the project;
      // not awaited, so the result shows without waiting for them.
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['projects', projectId] });
    },
  });
}
