import { HEADER_CHAOS, HEADER_SESSION_ID, REQUEST_TIMEOUT_MS } from '@shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { fetchAuthSession } = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123' } } })),
}));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession }));

const { api, ApiError, applyChaosQueryFlag, CHAOS_STORAGE_KEY, getSessionId } = await import('./api-client');
const { onAppError } = await import('./app-error');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const READY = { data: { status: 'USER_ACCOUNT_READY' } };

/**
 * A 200 whose body sends its first bytes, then errors with `failure()`: when the request's signal
 * aborts, or at once when `now`.
 */
function halfBody(init: RequestInit, failure: () => Error, now = false) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"data":{"userId":'));
      if (now) controller.error(failure());
      else init.signal?.addEventListener('abort', () => controller.error(failure()), { once: true });
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

function headersOf(call: unknown[]): Record<string, string> {
  const init = call[1] as RequestInit;
  return init.headers as Record<string, string>;
}

let fetchMock: ReturnType<typeof vi.fn>;
let store: Map<string, string>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  store = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  fetchAuthSession.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('returns the data of the envelope, validated against the route response schema', async () => {
    fetchMock.mockResolvedValueOnce(json(200, READY));
    await expect(api('getUserStatus')).resolves.toEqual({ status: 'USER_ACCOUNT_READY' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/status');
    expect((fetchMock.mock.calls[0][1] as RequestInit).method).toBe('GET');
  });

  it('retries once on 503 after a pause, then succeeds', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json(503, { message: 'Service unavailable' }));
    fetchMock.mockResolvedValueOnce(json(200, READY));
    const result = api('getUserStatus');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The pause after attempt 1 is 1² × 100 ms.
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ status: 'USER_ACCOUNT_READY' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after two attempts of 5xx and reports APP_ERROR', async () => {
    vi.useFakeTimers();
    const events: unknown[] = [];
    const off = onAppError((event) => events.push(event));
    fetchMock.mockImplementation(async () => json(500, { message: 'Boom' }));
    const result = api('getUser').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await result;
    off();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: 'Boom', kind: 'http' });
    expect(events).toEqual([
      {
        eventName: 'APP_ERROR',
        eventData: { source: 'getUser', message: 'Boom', status: 500, path: '/api/user' },
      },
    ]);
  });

  it('does not retry on 400 and surfaces the field errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, { message: 'Invalid request', fieldErrors: { givenName: ['Please provide a first name'] } }),
    );
    const error = await api('registerUser', {
      body: { givenName: 'x', lastName: 'Smith', emailAddress: 'a@b.co' },
    }).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      fieldErrors: { givenName: ['Please provide a first name'] },
    });
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      givenName: 'x',
      lastName: 'Smith',
      emailAddress: 'a@b.co',
    });
  });

  it('treats any status other than 200 as a failure', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api('getUser')).rejects.toMatchObject({ status: 204 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the ID token, the session id and the chaos flag', async () => {
    store.set(CHAOS_STORAGE_KEY, 'delay=200');
    fetchMock.mockImplementation(async () => json(200, READY));
    await api('getUserStatus');
    await api('getUserStatus');
    const first = headersOf(fetchMock.mock.calls[0]);
    const second = headersOf(fetchMock.mock.calls[1]);
    expect(first.authorization).toBe('id-token-123');
    expect(first[HEADER_SESSION_ID]).toBe(getSessionId());
    expect(first[HEADER_SESSION_ID]).toMatch(/^[0-9a-f]{32}$/);
    expect(second[HEADER_SESSION_ID]).toBe(first[HEADER_SESSION_ID]);
    expect(first[HEADER_CHAOS]).toBe('delay=200');
  });

  it('sends the chaos header as off when no flag is set (every call carries it, spec 000 §7)', async () => {
    fetchMock.mockImplementation(async () => json(200, { data: { providerName: null } }));
    await api('ssoByDomain', { body: { domain: 'example.com' } });
    store.set(CHAOS_STORAGE_KEY, 'nonsense');
    await api('ssoByDomain', { body: { domain: 'example.com' } });
    expect(headersOf(fetchMock.mock.calls[0])[HEADER_CHAOS]).toBe('off');
    expect(headersOf(fetchMock.mock.calls[1])[HEADER_CHAOS]).toBe('off');
  });

  it('takes the chaos flag from ?chaos= into localStorage, out of the address, and ?chaos=off clears it', () => {
    const replaceState = vi.fn();
    vi.stubGlobal('history', { state: { idx: 0 }, replaceState });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(applyChaosQueryFlag({ href: 'http://127.0.0.1/Projects?chaos=delay%3D300&tab=open#x' })).toBe(
      'delay=300',
    );
    expect(store.get(CHAOS_STORAGE_KEY)).toBe('delay=300');
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/Projects?tab=open#x');
    // Kept for later page loads without the parameter.
    expect(applyChaosQueryFlag({ href: 'http://127.0.0.1/' })).toBe('delay=300');
    expect(applyChaosQueryFlag({ href: 'http://127.0.0.1/?chaos=fail' })).toBe('fail');
    expect(applyChaosQueryFlag({ href: 'http://127.0.0.1/?chaos=off' })).toBe('off');
    expect(store.has(CHAOS_STORAGE_KEY)).toBe(false);
    expect(applyChaosQueryFlag({ href: 'http://127.0.0.1/?chaos=rm%20-rf' })).toBe('off');
  });

  it('omits Authorization on public routes', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { providerName: null } }));
    await expect(api('ssoByDomain', { body: { domain: 'example.com' } })).resolves.toEqual({
      providerName: null,
    });
    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers).not.toHaveProperty('authorization');
    expect(headers[HEADER_SESSION_ID]).toBe(getSessionId());
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('times out each attempt after 30 s and retries once', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = api('getUser').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries on a network error', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(json(200, READY));
    const result = api('getUserStatus');
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toEqual({ status: 'USER_ACCOUNT_READY' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats a request cancelled while its body arrives as cancelled, not as a bad response', async () => {
    // Prepare: a 200 whose body stops half-way and fails the way fetch does when its signal aborts.
    const events: unknown[] = [];
    const off = onAppError((event) => events.push(event));
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) =>
      halfBody(init, () => new DOMException('The operation was aborted.', 'AbortError')),
    );
    const caller = new AbortController();

    // Act: the caller cancels (a refetch, navigating away) once the headers are in.
    const result = api('getUser', { signal: caller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    caller.abort();
    const error = await result;
    off();

    // Assess: an aborted ApiError, no retry and no APP_ERROR.
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'aborted', status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
  });

  it('retries a body cut off by the network, and reports a network error if it happens again', async () => {
    // Prepare: every attempt's body breaks off half-way (the connection dropped).
    vi.useFakeTimers();
    const events: Array<{ eventData: { message: string; status: number } }> = [];
    const off = onAppError((event) => events.push(event as (typeof events)[number]));
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) =>
      halfBody(init, () => new TypeError('network error'), true),
    );

    // Act
    const result = api('getUser').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await result;
    off();

    // Assess: two attempts, a network error (not "unexpected response" with status 200).
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(events).toHaveLength(1);
    expect(events[0].eventData).toMatchObject({ status: 0, message: 'Network error: network error' });
  });

  it('rejects a 200 whose data does not match the route schema, without retrying', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { status: 'SOMETHING_ELSE' } }));
    await expect(api('getUserStatus')).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
