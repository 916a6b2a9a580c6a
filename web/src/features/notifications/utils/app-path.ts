/**
 * Only in-app paths are followed from a notification or a live event: never `//host`, `/\host`
 * (browsers read both as another host), a full URL or `javascript:`.
 */
export const isAppPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
