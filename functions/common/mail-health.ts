/**
 * Mail health: what SES told us about an address (recorded by the mailEvents function from the
 * configuration set's bounce, complaint, reject and delay events) and what follows for a send.
 * Every send goes through sendEmail (./email.ts), which asks `stoppedAddresses` first and does not
 * send to an address that bounces permanently, complained, is on the suppression list or bounced
 * softly too often; where a request sends (an invitation, a quiz) it is refused up front with
 * `refusalMessage`, where the stream sends (mentions) the sender is told by a notification.
 */
import { MAIL_REFUSAL_MARK } from '../../shared/constants';
import type { MailHealth } from '../../shared/schemas/team';
import { db, type MailAddressItem } from './entities';

/** The address as SES reports it and we key it: no display name, trimmed, lower case. */
export function normaliseAddress(address: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(address);
  return (angle ? angle[1] : address).trim().toLowerCase();
}

/** Sending to this address stops now: a permanent stop, or a transient one not yet expired. */
export function isStopped(item: Pick<MailAddressItem, 'stopped' | 'retryAfter'>, now = Date.now()): boolean {
  if (!item.stopped) return false;
  return !item.retryAfter || Date.parse(item.retryAfter) > now;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Why our e-mail does not reach the address, in the words a sender can act on. */
export function refusalMessage(item: Pick<MailAddressItem, 'address' | 'state' | 'since'>): string {
  const why =
    item.state === 'COMPLAINED'
      ? `they marked it as spam on ${day(item.since)}`
      : `it bounced on ${day(item.since)}`;
  return `${item.address} ${MAIL_REFUSAL_MARK} (${why}). Check the address or ask them another way.`;
}

/** What the Team page shows of an address: only a state a sender should know of. */
export function mailHealthOf(item: MailAddressItem | undefined, now = Date.now()): MailHealth | null {
  if (!item || !isStopped(item, now)) return null;
  return {
    state:
      item.state === 'COMPLAINED' ? 'COMPLAINED' : item.state === 'SUPPRESSED' ? 'SUPPRESSED' : 'BOUNCING',
    since: item.since,
    message: refusalMessage(item),
  };
}

/** The recorded state of each address (normalised), in one batch read. */
export async function mailStates(addresses: Array<string | null | undefined>) {
  const keys = [...new Set(addresses.filter((a): a is string => Boolean(a)).map(normaliseAddress))].map(
    (address) => ({ address }),
  );
  const found: MailAddressItem[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, attempt * attempt * 50));
    const { data, unprocessed } = await db().entities.mailAddress.get(pending).go();
    found.push(...data);
    pending = unprocessed;
  }
  if (pending.length > 0) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
  return new Map(found.map((item) => [item.address, item]));
}

/** The address's state when sending to it stops now, else undefined. */
export async function stoppedAddress(address: string): Promise<MailAddressItem | undefined> {
  const item = (await mailStates([address])).get(normaliseAddress(address));
  return item && isStopped(item) ? item : undefined;
}
