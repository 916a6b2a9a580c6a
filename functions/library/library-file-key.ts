/**
 * Where a read library file's cells are kept for the importer (exports/ expire from storage after a
 * day). Apart from library-file.ts, which the job's reader would otherwise bundle with the upload
 * checks (file-type) it never runs.
 */
export const contentKeyOf = (teamId: string, answerSourceId: string) =>
  `exports/library-files/${teamId}/${answerSourceId}.json`;
