import type { LibraryFileState } from '@shared/schemas/answer';
import { api } from '@/lib/api-client';

/** GET /api/answers/upload/{answerSourceId}: the uploaded file's state, with its sheets once READY. */
export const getLibraryUpload = (answerSourceId: string) =>
  api('getLibraryUpload', { params: { answerSourceId } });

/** How often the importer asks, and for how long, while the processing job reads the file. */
export const LIBRARY_FILE_POLL = { intervalMs: 500, timeoutMs: 5 * 60_000 };

/**
 * Asks until the processing job has read the file: READY with its sheets, or FAILED with the
 * reason. Throws when the job has not finished within the timeout.
 */
export async function waitForLibraryFile(answerSourceId: string, poll = LIBRARY_FILE_POLL) {
  const until = Date.now() + poll.timeoutMs;
  for (;;) {
    const state: LibraryFileState = await getLibraryUpload(answerSourceId);
    if (state.status !== 'PROCESSING') return state;
    if (Date.now() > until) throw new Error('The file was not read in time');
    await new Promise((resolve) => setTimeout(resolve, poll.intervalMs));
  }
}
