import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveScope, RealtimeClient } from './realtime';

/**
 * useLiveScope without a DOM: React's useContext and useEffect are replaced by a one-effect harness
 * that runs the effect on mount, again when its dependencies change (after the previous cleanup),
 * and the cleanup on unmount, as React does.
 */
const harness = vi.hoisted(() => ({
  context: null as unknown,
  deps: undefined as readonly unknown[] | undefined,
  cleanup: undefined as undefined | (() => void),
}));

vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return {
    ...actual,
    useContext: () => harness.context,
    useEffect: (effect: () => undefined | (() => void), deps?: readonly unknown[]) => {
      const previous = harness.deps;
      const same = previous !== undefined && deps?.every((value, i) => Object.is(value, previous[i]));
      if (same) return;
      harness.cleanup?.();
      harness.cleanup = effect() ?? undefined;
      harness.deps = deps;
    },
  };
});

const { useLiveScope } = await import('./realtime-connection');

function fakeClient() {
  const calls: Array<[string, LiveScope]> = [];
  const client = {
    subscribe: vi.fn((scope: LiveScope) => calls.push(['subscribe', scope])),
    unsubscribe: vi.fn((scope: LiveScope) => calls.push(['unsubscribe', scope])),
  } as unknown as RealtimeClient;
  return { client, calls };
}

function renderLiveScope(initial: LiveScope | null) {
  let scope = initial;
  const render = () => useLiveScope(scope);
  render();
  return {
    rerender(next: LiveScope | null) {
      scope = next;
      render();
    },
    unmount() {
      harness.cleanup?.();
      harness.cleanup = undefined;
      harness.deps = undefined;
    },
  };
}

beforeEach(() => {
  harness.context = null;
  harness.deps = undefined;
  harness.cleanup = undefined;
});

describe('useLiveScope', () => {
  it('subscribes while mounted, follows a change of project, and unsubscribes on unmount', () => {
    const { client, calls } = fakeClient();
    harness.context = client;
    const view = renderLiveScope({ kind: 'project', id: 'p1' });
    expect(calls).toEqual([['subscribe', { kind: 'project', id: 'p1' }]]);

    // A new but equal scope object (each render builds one) changes nothing.
    view.rerender({ kind: 'project', id: 'p1' });
    expect(calls).toHaveLength(1);

    view.rerender({ kind: 'project', id: 'p2' });
    expect(calls).toEqual([
      ['subscribe', { kind: 'project', id: 'p1' }],
      ['unsubscribe', { kind: 'project', id: 'p1' }],
      ['subscribe', { kind: 'project', id: 'p2' }],
    ]);

    view.unmount();
    expect(calls.at(-1)).toEqual(['unsubscribe', { kind: 'project', id: 'p2' }]);
    expect(calls).toHaveLength(4);
  });

  it('waits for a project id', () => {
    const { client, calls } = fakeClient();
    harness.context = client;
    const view = renderLiveScope(null);
    expect(calls).toEqual([]);
    view.rerender({ kind: 'project', id: 'p1' });
    expect(calls).toEqual([['subscribe', { kind: 'project', id: 'p1' }]]);
    view.unmount();
  });

  it('does nothing without a live connection, and subscribes once one is there', () => {
    const view = renderLiveScope({ kind: 'project', id: 'p1' });
    const { client, calls } = fakeClient();
    harness.context = client;
    view.rerender({ kind: 'project', id: 'p1' });
    expect(calls).toEqual([['subscribe', { kind: 'project', id: 'p1' }]]);
    view.unmount();
    expect(calls).toHaveLength(2);
  });
});
