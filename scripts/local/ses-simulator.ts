/**
 * The local mail path's event publishing, as SES's configuration set does on AWS: each e-mail the SES
 * emulator stores becomes the events SES would publish for it, and they go to the mailEvents function
 * in-process (on AWS: the default EventBridge bus and a rule). The Amazon SES mailbox simulator's
 * addresses behave as they do on SES (any `+label` allowed):
 * - success@simulator.amazonses.com: delivered;
 * - bounce@…: a permanent bounce (550 5.1.1 user unknown);
 * - ooto@…: delivered (SES also sends an out-of-office auto-reply, which changes nothing);
 * - complaint@…: delivered, then a complaint;
 * - suppressionlist@…: a permanent bounce, as on the account-level suppression list.
 * Every other address is delivered.
 */
import { randomUUID } from 'node:crypto';

/** The configuration set name the local events carry (as `ses:configuration-set` does on AWS). */
export const LOCAL_CONFIGURATION_SET = 'local';
export const SIMULATOR_DOMAIN = 'simulator.amazonses.com';

/** An e-mail as the emulator (aws-ses-v2-local) stores it; only what events need. */
export interface StoredEmailLike {
  messageId?: unknown;
  from?: unknown;
  destination?: { to?: unknown; cc?: unknown; bcc?: unknown };
  at?: unknown;
}

type SesEvent = Record<string, unknown>;

const DETAIL_TYPES: Record<string, string> = {
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
  Delivery: 'Email Delivered',
  DeliveryDelay: 'Email Delivery Delayed',
  Reject: 'Email Rejected',
};

const bareAddress = (address: string) => (/<([^<>]+)>\s*$/.exec(address)?.[1] ?? address).trim();
const addresses = (value: unknown): string[] =>
  (Array.isArray(value) ? value : []).filter((a): a is string => typeof a === 'string').map(bareAddress);

/** What the simulator does with mail to `address`: its mailbox (without +label), or undefined. */
export function simulatorMailbox(address: string): string | undefined {
  const [local, domain] = address.toLowerCase().split('@');
  if (domain !== SIMULATOR_DOMAIN || !local) return undefined;
  return local.split('+')[0];
}

/** The SES events (EventBridge envelope, SES event as `detail`) one stored e-mail gives rise to. */
export function eventsFor(email: StoredEmailLike, now = new Date()): SesEvent[] {
  const recipients = [
    ...addresses(email.destination?.to),
    ...addresses(email.destination?.cc),
    ...addresses(email.destination?.bcc),
  ];
  if (recipients.length === 0) return [];
  const sentAt = typeof email.at === 'number' ? new Date(email.at * 1000) : now;
  const mail = {
    timestamp: sentAt.toISOString(),
    source: typeof email.from === 'string' ? email.from : '',
    sendingAccountId: '000000000000',
    messageId: typeof email.messageId === 'string' ? email.messageId : randomUUID(),
    destination: recipients,
    tags: { 'ses:configuration-set': [LOCAL_CONFIGURATION_SET] },
  };
  const at = new Date(Math.max(now.getTime(), sentAt.getTime())).toISOString();
  const envelope = (detail: SesEvent): SesEvent => ({
    version: '0',
    id: randomUUID(),
    'detail-type': DETAIL_TYPES[detail.eventType as string],
    source: 'aws.ses',
    account: '000000000000',
    time: at,
    region: process.env.AWS_REGION ?? 'ap-southeast-2',
    resources: [],
    detail: { ...detail, mail },
  });
  const bounce = (emailAddress: string, subType: 'General' | 'OnAccountSuppressionList') =>
    envelope({
      eventType: 'Bounce',
      bounce: {
        feedbackId: randomUUID(),
        bounceType: 'Permanent',
        bounceSubType: subType,
        bouncedRecipients: [
          subType === 'General'
            ? {
                emailAddress,
                action: 'failed',
                status: '5.1.1',
                diagnosticCode: 'smtp; 550 5.1.1 user unknown',
              }
            : {
                emailAddress,
                action: 'failed',
                status: '5.1.1',
                diagnosticCode:
                  'Amazon SES did not send the message to this address because it is on the suppression list for your account.',
              },
        ],
        timestamp: at,
        reportingMTA: `dns; ${SIMULATOR_DOMAIN}`,
      },
    });
  const delivery = (emailAddress: string) =>
    envelope({
      eventType: 'Delivery',
      delivery: {
        timestamp: at,
        processingTimeMillis: 1,
        recipients: [emailAddress],
        smtpResponse: '250 2.6.0 Message received',
        reportingMTA: 'a8-70.smtp-out.amazonses.com',
      },
    });
  return recipients.flatMap((address) => {
    switch (simulatorMailbox(address)) {
      case 'bounce':
        return [bounce(address, 'General')];
      case 'suppressionlist':
        return [bounce(address, 'OnAccountSuppressionList')];
      case 'complaint':
        return [
          delivery(address),
          envelope({
            eventType: 'Complaint',
            complaint: {
              feedbackId: randomUUID(),
              complaintSubType: null,
              complainedRecipients: [{ emailAddress: address }],
              timestamp: at,
              userAgent: 'Amazon SES Mailbox Simulator',
              complaintFeedbackType: 'abuse',
              arrivalDate: at,
            },
          }),
        ];
      default:
        // success@, ooto@ and every other address: delivered.
        return [delivery(address)];
    }
  });
}
