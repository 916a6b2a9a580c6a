/** Tags as shown: a stored label holding semicolons reads as several tags (spec 002 §2.2). */
export const displayTags = (tags: readonly string[]) =>
  tags
    .flatMap((t) => t.split(';'))
    .map((t) => t.trim())
    .filter(Boolean);
