/**
 * What follows a change of a user record, read from the table's stream: pages showing the user
 * (the team page, the navigation avatar) refresh when their names or photo change.
 */
import type { UserItem } from '../common/entities';
import { publish } from '../common/events';
import { type Change, changed, type Reactions } from '../common/reactions';

async function onUser(change: Change) {
  const user = change.newImage as UserItem | undefined;
  if (change.kind !== 'MODIFY' || !user) return;
  if (!changed(change as Change<UserItem>, 'givenName', 'lastName', 'photo')) return;
  await publish(
    {
      eventName: 'USER_UPDATED',
      data: { userId: user.userId },
      scope: user.teamId ? { kind: 'team', id: user.teamId } : { kind: 'user', id: user.userId },
    },
    { sessionId: user.changedBySession },
  );
}

export const reactions: Reactions = { user: onUser };
