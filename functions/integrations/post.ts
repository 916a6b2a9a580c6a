/**
 * One attempt at a delivery: an HTTP POST through the address guard, with a time budget, reading at
 * most a little of the answer. Redirects are not followed (a 3xx is a failed attempt).
 */
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { isPublicAddress, PRIVATE_ADDRESS_MESSAGE, PrivateAddressError, publicLookup } from './address-guard';

/** The whole attempt, from connecting to the answer's status, in milliseconds. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
const RESPONSE_BYTES = 4 * 1024;

export interface AttemptResult {
  /** The receiver's HTTP status; absent when it could not be reached. */
  status?: number;
  latencyMs: number;
  /** Why it failed, for people (absent on a 2xx). */
  error?: string;
}

export const succeeded = (result: AttemptResult) =>
  result.status !== undefined && result.status >= 200 && result.status < 300;

function reason(error: NodeJS.ErrnoException): string {
  if (error instanceof PrivateAddressError) return PRIVATE_ADDRESS_MESSAGE;
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The endpoint’s host name could not be found';
    case 'ECONNREFUSED':
      return 'The endpoint refused the connection';
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return 'The connection to the endpoint was lost';
    default:
      return error.message.startsWith('Timed out') ? error.message : 'The endpoint could not be reached';
  }
}

export function postJson(url: string, body: string, headers: Record<string, string>): Promise<AttemptResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ latencyMs: 0, error: 'The endpoint’s address is not valid' });
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !isPublicAddress(host)) {
      resolve({ latencyMs: 0, error: PRIVATE_ADDRESS_MESSAGE });
      return;
    }
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      {
        method: 'POST',
        lookup: publicLookup as never,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Questionnaire-Workspace-Webhooks/1',
          ...headers,
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_BYTES) response.destroy();
        });
        const done = () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          resolve({
            status,
            latencyMs: latency(),
            ...(status >= 200 && status < 300 ? {} : { error: `The endpoint answered ${status}` }),
          });
        };
        response.on('end', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error(`Timed out after ${ATTEMPT_TIMEOUT_MS / 1000} seconds`))),
      ATTEMPT_TIMEOUT_MS,
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ latencyMs: latency(), error: reason(error) });
    });
    request.end(body);
  });
}
