/**
 * Custom compliance wording (spec 001 §4), at three levels keyed by id: the project (projectId), a
 * source file of it (projectSourceId) and a sheet of one of those files (sheetId). The answered
 * questionnaire resolves sheet, then file, then project, then the product default
 * (shared/compliance.ts). The project's wording lives on the project item, the others on the
 * source and sheet items.
 */
import type { ComplianceOverrides, ComplianceWording } from '../../shared/schemas/project';
import type { TeamCaller } from '../common/caller';
import type { ProjectItem } from '../common/entities';
import { BadRequestError, ConflictError, isConditionFailure } from '../common/errors';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import * as repo from './repo';

export const WRONG_LEVEL = 'Wording can be set for this project, its files and sheets only';

/** Empty texts are dropped, so they fall back to the next level. */
const withoutBlanks = (wording: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(wording)
      .map(([key, text]) => [key, text?.trim() ?? ''])
      .filter(([, text]) => text),
  );

const hasWording = (wording: unknown): wording is ComplianceWording =>
  Boolean(wording) && typeof wording === 'object' && Object.keys(wording as object).length > 0;

async function overridesOf(project: ProjectItem): Promise<ComplianceOverrides> {
  const { sources, sheets } = await repo.wordingLevelsOf(project.teamId, project.projectId);
  const overrides: ComplianceOverrides = {};
  if (hasWording(project.complianceWording)) overrides[project.projectId] = project.complianceWording;
  for (const source of sources) {
    if (hasWording(source.complianceWording)) overrides[source.projectSourceId] = source.complianceWording;
  }
  for (const sheet of sheets) {
    if (hasWording(sheet.complianceWording)) overrides[sheet.sheetId] = sheet.complianceWording;
  }
  return overrides;
}

export async function complianceOverrides(caller: TeamCaller, projectId: string) {
  return overridesOf(await visibleProject(caller, projectId));
}

/** Replaces the wording of each level given; levels not named keep theirs. */
export async function updateComplianceOverrides(
  caller: TeamCaller,
  projectId: string,
  body: { overrides: ComplianceOverrides; version?: number },
  sessionId: string | null,
) {
  let project = await visibleProject(caller, projectId);
  const levels = Object.keys(body.overrides);
  const { sources, sheets } = levels.some((level) => level !== projectId)
    ? await repo.wordingLevelsOf(project.teamId, projectId)
    : { sources: [], sheets: [] };
  const sourceIds = new Set(sources.map((source) => source.projectSourceId));
  const sheetsById = new Map(sheets.map((sheet) => [sheet.sheetId, sheet]));
  if (levels.some((level) => level !== projectId && !sourceIds.has(level) && !sheetsById.has(level))) {
    throw new BadRequestError('Invalid request body', { overrides: [WRONG_LEVEL] });
  }
  const audit = { updatedByUserId: caller.user.userId, changedBySession: sessionMark(sessionId) };
  const { teamId } = project;
  if (projectId in body.overrides) {
    project = await repo.updateProject(
      project,
      { complianceWording: withoutBlanks(body.overrides[projectId] ?? {}), ...audit },
      [],
      body.version,
    );
  }
  try {
    await Promise.all(
      levels
        .filter((level) => level !== projectId)
        .map((level) => {
          const wording = withoutBlanks(body.overrides[level] ?? {});
          const sheet = sheetsById.get(level);
          return sheet
            ? repo.setSheetWording(
                { teamId, projectId, projectSourceId: sheet.projectSourceId, sheetId: level },
                wording,
                audit,
              )
            : repo.setSourceWording({ teamId, projectId, projectSourceId: level }, wording, audit);
        }),
    );
  } catch (error) {
    // A file removed meanwhile.
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
  return overridesOf(project);
}
