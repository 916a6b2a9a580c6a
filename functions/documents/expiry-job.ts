/**
 * The expiry job, run on a schedule (EventBridge on AWS, a timer in the local runner): records the
 * expiry notice that is due for each document whose check day has come (SOON thirty days before
 * its expiry date, EXPIRED on it). The notices themselves (notifications, e-mail, review flags)
 * follow from the stream (reactions.ts), so a run that stops half way loses nothing: the next run
 * reads what is still due.
 */
import { NEVER } from './entities/document';
import * as repo from './repo';
import { dueNotice, expirySchedule } from './service';

/** Where a document that has no notice due on `day` should next be looked at. */
function nextCheckOf(document: repo.DocumentItem) {
  if (!document.expiresOn || document.expiryNotice === 'EXPIRED') return NEVER;
  return document.expiryNotice === 'SOON'
    ? document.expiresOn
    : expirySchedule(document.expiresOn).nextCheckOn;
}

export async function checkExpiries(now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const due = await repo.dueForExpiryCheck(day);
  let noticed = 0;
  for (const document of due) {
    const notice = dueNotice(document, day);
    if (notice) {
      if (await repo.recordExpiryNotice(document, notice.notice, notice.nextCheckOn)) noticed++;
    } else if (nextCheckOf(document) !== document.nextCheckOn) {
      await repo.recordExpiryNotice(document, document.expiryNotice, nextCheckOf(document));
    }
  }
  return { day, due: due.length, noticed };
}

export const handler = async () => checkExpiries();
