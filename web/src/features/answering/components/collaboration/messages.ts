/** The collaboration panel's texts (spec 002 §8; subscription wording is not in the spec). */
export const FETCH_ACTIVITY_ERROR = 'There was a problem fetching the Question Activity';
export const SAVE_COMMENT_ERROR = 'There was a problem saving your comment';
export const SUBSCRIBE_ERROR = 'There was a problem subscribing to that Question';
export const UNSUBSCRIBE_ERROR = 'There was a problem unsubscribing from that Question';
