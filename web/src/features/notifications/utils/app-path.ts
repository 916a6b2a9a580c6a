/** Only in-app paths are followed from a notification (never `//host` or a full URL). */
export const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//');
