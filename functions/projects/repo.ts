/** The projects group's access patterns, named. */
import { db } from '../common/entities';

/**
 * Open projects of a team, soonest due first: one Query on the byStatus index per page, whatever
 * the number of projects (PRIVATE ones are filtered by the caller afterwards).
 */
export async function openProjectsByDueDate(teamId: string, limit: number) {
  const { data } = await db()
    .entities.project.query.byStatus({ teamId, projectStatus: 'IN-PROGRESS' })
    .go({ limit });
  return data;
}
