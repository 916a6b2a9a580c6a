/** The local mail path's SES event publishing: the mailbox simulator's addresses behave as on SES. */
import { describe, expect, it } from 'vitest';
import { addressEvents, sesRecords } from '../../functions/mail-events/events';
import { eventsFor } from '../../scripts/local/ses-simulator';

describe('the local mailbox simulator', () => {
  const stored = (to: string) => ({
    messageId: 'local-1',
    from: 'no-reply@workspace.local',
    destination: { to: [to], cc: [], bcc: [] },
    at: 1_795_000_000,
  });
  const kinds = (to: string) =>
    eventsFor(stored(to))
      .flatMap(sesRecords)
      .flatMap(addressEvents)
      .map((e) => e.kind);

  it('answers as SES does for each simulator address, and delivers the rest', () => {
    expect(kinds('bounce@simulator.amazonses.com')).toEqual(['PERMANENT_BOUNCE']);
    expect(kinds('bounce+invite1@simulator.amazonses.com')).toEqual(['PERMANENT_BOUNCE']);
    expect(kinds('complaint@simulator.amazonses.com')).toEqual(['DELIVERY', 'COMPLAINT']);
    expect(kinds('suppressionlist@simulator.amazonses.com')).toEqual(['SUPPRESSED']);
    expect(kinds('ooto@simulator.amazonses.com')).toEqual(['DELIVERY']);
    expect(kinds('success@simulator.amazonses.com')).toEqual(['DELIVERY']);
    expect(kinds('someone@example.com')).toEqual(['DELIVERY']);
  });

  it('publishes EventBridge events of the local configuration set', () => {
    const [event] = eventsFor(stored('bounce@simulator.amazonses.com'));
    expect(event).toMatchObject({
      source: 'aws.ses',
      'detail-type': 'Email Bounced',
      detail: {
        eventType: 'Bounce',
        mail: { messageId: 'local-1', tags: { 'ses:configuration-set': ['local'] } },
      },
    });
  });
});
