/** What the questions group answers when a rule refuses a request (spec 002 §8 where it names them). */
export const QUESTION_NOT_FOUND = 'That question no longer exists';
export const HISTORY_ENTRY_NOT_FOUND = 'That change is not in the history of this question';
export const ONLY_MANUAL_DELETE = 'Only questions added by hand can be deleted';
export const ONLY_IMPORTED_UNLINK = 'Only imported questions can be marked as not a question';
