/** How stored projects are shown to callers. */
import type { Project } from '../../shared/schemas/project';
import type { ProjectItem } from '../common/entities';

export function toProject(item: ProjectItem): Project {
  return {
    projectId: item.projectId,
    name: item.name,
    description: item.description,
    dueOn: item.dueOn,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    createdByUserId: item.createdByUserId,
    projectPriority: item.projectPriority,
    projectStatus: item.projectStatus,
    projectType: item.projectType ?? 'STANDARD',
    accessVisibility: item.accessVisibility,
    salesManagerUserId: item.salesManagerUserId,
    deliveryManagerUserId: item.deliveryManagerUserId,
    thirdPartyProjectUrl: item.thirdPartyProjectUrl,
    thirdPartyProjectNotes: item.thirdPartyProjectNotes,
    companyContactName: item.companyContactName,
    companyContactEmail: item.companyContactEmail,
    companyContactPhone: item.companyContactPhone,
    industryVertical: item.industryVertical,
    dealStatus: item.dealStatus,
    projectValue: item.projectValue,
    projectOutcome: item.projectOutcome,
    projectOutcomeReason: item.projectOutcomeReason,
    version: item.version ?? 1,
  };
}
