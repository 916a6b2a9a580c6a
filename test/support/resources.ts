/**
 * What a test file starts (the local stack and its emulators, a browser, a temp folder) stopped
 * however the file ends: `start` registers each resource's stop as soon as it is up, even when a
 * sibling fails to start or the beforeAll hook times out, and `stopAll` (in afterAll, which vitest
 * runs even when beforeAll failed) first waits for starts still in flight, then stops everything in
 * reverse order.
 *
 *   const resources = new Resources();
 *   beforeAll(async () => {
 *     [stack, browser] = await Promise.all([
 *       resources.start(startTestStack(), (s) => s.stop()),
 *       resources.start(launchChromium(), (b) => b.close()),
 *     ]);
 *   });
 *   afterAll(() => resources.stopAll());
 */
export class Resources {
  private readonly starting = new Set<Promise<unknown>>();
  private readonly stops: Array<() => unknown> = [];

  /** Resolves to the started resource; its stop runs in stopAll, whatever happens in between. */
  start<T>(starting: Promise<T>, stop: (resource: T) => unknown): Promise<T> {
    const started = starting.then((resource) => {
      this.stops.push(() => stop(resource));
      return resource;
    });
    const settled = started.then(
      () => {},
      () => {},
    );
    this.starting.add(settled);
    void settled.finally(() => this.starting.delete(settled));
    return started;
  }

  /** Registers a stop for something already started (e.g. a temp folder). */
  add(stop: () => unknown): void {
    this.stops.push(stop);
  }

  /** Stops everything started so far, newest first; reports every failure after trying them all. */
  async stopAll(): Promise<void> {
    while (this.starting.size) await Promise.all([...this.starting]);
    const failures: unknown[] = [];
    for (const stop of this.stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length) throw new AggregateError(failures, 'Some resources failed to stop');
  }
}
