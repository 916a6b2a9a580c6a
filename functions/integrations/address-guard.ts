/**
 * Where a webhook may be sent: a public address only. An endpoint's URL is checked when it is saved
 * (https, no credentials, no literal private address) and every delivery resolves its host through
 * `publicLookup`, which refuses the connection when any address the name resolves to is loopback,
 * private, link-local (the instance metadata service), carrier-grade NAT, multicast or reserved; the
 * request connects to the address that was checked, so a name that changes between the check and the
 * connection (DNS rebinding) gains nothing. Locally (npm start, the tests) WEBHOOK_ALLOW_LOOPBACK=on
 * lets a receiver on 127.0.0.1 be used, over http too; AWS stages never set it.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

export const PRIVATE_ADDRESS_MESSAGE =
  'Webhooks can only be sent to a public address, not to a private network or this machine';
export const HTTPS_MESSAGE = 'The endpoint’s address must start with https://';
export const CREDENTIALS_MESSAGE = 'Please leave the user name and password out of the address';

export const loopbackAllowed = () => process.env.WEBHOOK_ALLOW_LOOPBACK === 'on';

/** Whether a resolved address may be sent to. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return true;
  return range === 'loopback' && loopbackAllowed();
}

/** Why an endpoint URL cannot be saved, or null. Host names are resolved only when sending. */
export function endpointProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return HTTPS_MESSAGE;
  }
  if (parsed.username || parsed.password) return CREDENTIALS_MESSAGE;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host);
  const loopbackName = host === 'localhost' || host.endsWith('.localhost');
  if (literal ? !isPublicAddress(host) : loopbackName && !loopbackAllowed()) return PRIVATE_ADDRESS_MESSAGE;
  const local =
    loopbackAllowed() && (loopbackName || (literal && ipaddr.process(host).range() === 'loopback'));
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local)) return HTTPS_MESSAGE;
  return null;
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(host: string) {
    super(`${host} resolves to an address that is not public`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http(s).request: resolves every address of the host and refuses any that is not public. */
export function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (!list.length || !list.every((a) => isPublicAddress(a.address)))
      return callback(new PrivateAddressError(hostname), []);
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}
