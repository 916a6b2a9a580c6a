/**
 * An AWS SDK client made on first use and made again when the environment it was made from
 * changes. On Lambda the environment never changes, so this is one client per container, as a
 * module constant would be. The local runner and the test tiers start one stack after another in
 * one process, each with its own emulator endpoints (and tables), so a client made for the stack
 * before must not be reused by the next.
 */
export function clientFor<T extends { destroy(): void }>(
  environment: readonly string[],
  create: () => T,
): () => T {
  let made: { key: string; client: T } | undefined;
  return () => {
    const key = environment.map((name) => process.env[name] ?? '').join('\n');
    if (made?.key !== key) {
      made?.client.destroy();
      made = { key, client: create() };
    }
    return made.client;
  };
}
