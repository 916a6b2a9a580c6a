import { TEAM_LIBRARY_DEFAULTS } from '../../shared/schemas/answer';
import { db, type ProjectItem } from './entities';

/**
 * Whether a new question of this project starts with Include in Library ticked: the team's
 * defaultAnswersToFlowToLibrary setting (spec 002 §2.7), never in a PRIVATE project. One GetItem.
 * Questions are created by hand (questions group) and by imports (sources group), so it is shared.
 */
export async function answersFlowToLibrary(project: Pick<ProjectItem, 'teamId' | 'accessVisibility'>) {
  if (project.accessVisibility === 'PRIVATE') return false;
  const { data } = await db().entities.team.get({ teamId: project.teamId }).go();
  return data?.defaultAnswersToFlowToLibrary ?? TEAM_LIBRARY_DEFAULTS.defaultAnswersToFlowToLibrary;
}
