/**
 * The mailEvents function: SES's bounce, complaint, delivery-delay, reject and delivery events of the
 * configuration set every send goes through (an EventBridge rule on AWS; locally the mail path's
 * simulator, scripts/local/ses-simulator.ts) recorded per address, so the product stops sending to an
 * address that bounces or complained and says why (functions/common/mail-health.ts). Idempotent: an
 * event applied before changes nothing, and two events for one address never overwrite each other
 * (a version condition, read again on conflict). A failure throws, so the invocation is retried and
 * lands in the on-failure queue at last.
 */
import { db, type MailAddressItem } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { logger } from '../common/logger';
import { type AddressEvent, type AddressState, addressEvents, applyEvent, sesRecords } from './events';

const ATTEMPTS = 5;

async function applyToAddress(address: string, events: AddressEvent[]) {
  for (let attempt = 1; ; attempt++) {
    const current = (await db().entities.mailAddress.get({ address }).go({ consistent: true }))
      .data as MailAddressItem | null;
    let next: AddressState | undefined = current ?? undefined;
    let changed = false;
    for (const event of events) {
      const after = applyEvent(next, event);
      if (after) {
        next = after;
        changed = true;
      }
    }
    if (!changed || !next) return;
    const version = current?.version ?? 0;
    try {
      await db()
        .entities.mailAddress.put({ ...next, version: version + 1 })
        .where((attr, op) => (current ? op.eq(attr.version, version) : op.notExists(attr.address)))
        .go();
      logger.info('mail address state', { state: next.state, stopped: next.stopped });
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

export async function handler(input: unknown): Promise<{ applied: number }> {
  const byAddress = new Map<string, AddressEvent[]>();
  for (const record of sesRecords(input)) {
    for (const event of addressEvents(record)) {
      const events = byAddress.get(event.address) ?? [];
      events.push(event);
      byAddress.set(event.address, events);
    }
  }
  for (const [address, events] of byAddress) {
    events.sort((a, b) => a.at.localeCompare(b.at));
    await applyToAddress(address, events);
  }
  return { applied: [...byAddress.values()].reduce((n, events) => n + events.length, 0) };
}
