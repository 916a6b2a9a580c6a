import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AppErrorReport,
  logAppError,
  MAX_REPORTS_PER_MINUTE,
  reportAppErrorsToServer,
} from './app-error';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
});

describe('logAppError reporting to the server', () => {
  it('posts APP_ERROR with the message and its context while signed in', async () => {
    const sent: AppErrorReport[] = [];
    stop = reportAppErrorsToServer({
      send: async (report) => sent.push(report),
      isSignedIn: () => true,
      senderSource: 'recordActivity',
    });
    logAppError('getUser', new Error('Boom'), { status: 500, path: '/api/user' });
    await flush();
    expect(sent).toEqual([
      {
        eventName: 'APP_ERROR',
        eventData: { message: 'Boom', context: { source: 'getUser', status: 500, path: '/api/user' } },
      },
    ]);
  });

  it('sends nothing when signed out', async () => {
    const send = vi.fn(async () => undefined);
    stop = reportAppErrorsToServer({ send, isSignedIn: async () => false, senderSource: 'recordActivity' });
    logAppError('auth.signIn', new Error('Nope'));
    await flush();
    expect(send).not.toHaveBeenCalled();
  });

  it('never throws and never reports the failure of its own report', async () => {
    const send = vi.fn(async () => {
      // The API client logs its own failure with the route name as source, then rejects.
      logAppError('recordActivity', new Error('503'));
      throw new Error('503');
    });
    stop = reportAppErrorsToServer({ send, isSignedIn: () => true, senderSource: 'recordActivity' });
    expect(() => logAppError('getUser', new Error('Boom'))).not.toThrow();
    await flush();
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('survives a failing sign-in check and limits a burst of errors', async () => {
    stop = reportAppErrorsToServer({
      send: async () => undefined,
      isSignedIn: () => {
        throw new Error('no session');
      },
      senderSource: 'recordActivity',
    });
    expect(() => logAppError('x', 'y')).not.toThrow();
    await flush();
    stop();

    const send = vi.fn(async () => undefined);
    stop = reportAppErrorsToServer({ send, isSignedIn: () => true, senderSource: 'recordActivity' });
    for (let i = 0; i < MAX_REPORTS_PER_MINUTE + 5; i++) logAppError('x', new Error(`e${i}`));
    await flush();
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_MINUTE);
  });

  it('stops reporting once stopped', async () => {
    const send = vi.fn(async () => undefined);
    reportAppErrorsToServer({ send, isSignedIn: () => true, senderSource: 'recordActivity' })();
    logAppError('x', new Error('after stop'));
    await flush();
    expect(send).not.toHaveBeenCalled();
  });
});
