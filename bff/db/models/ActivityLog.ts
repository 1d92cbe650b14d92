import { Model, type RelationMappings } from 'objection';
import type { SubLogKind } from '../../domain/activity/activity-kinds.ts';

/** The table of each sub-log kind (bff/domain/activity/activity-kinds.ts); a new kind fails to compile until listed. */
export const SUB_LOG_TABLES: Record<SubLogKind, string> = {
  pageVisit: 'activity_log_page_visit',
  login: 'activity_log_login',
  faq: 'activity_log_faq',
  message: 'activity_log_message',
  leadContent: 'activity_log_lead_content',
  contact: 'activity_log_contact',
  document: 'activity_log_document',
  cmsFileDocument: 'activity_log_cms_file_document',
  documentServiceDocument: 'activity_log_document_service_document',
  managementDocument: 'activity_log_management_document',
  survey: 'activity_log_survey',
};

/** One model per sub-log table, built from the table list so the mapping stays in one place. */
function subLogModel(table: string) {
  return class SubLog extends Model {
    static override tableName = table;
    id!: number;
    activityLogId!: number;
    [column: string]: unknown;
  };
}

const SubLogModels = Object.fromEntries(
  Object.entries(SUB_LOG_TABLES).map(([kind, table]) => [kind, subLogModel(table)]),
) as Record<SubLogKind, ReturnType<typeof subLogModel>>;

export class ActivityLog extends Model {
  static override tableName = 'activity_log';

  id!: number;
  logId!: string;
  projectId!: number | null;
  userId!: string | null;
  username!: string | null;
  type!: string;
  origin!: string;
  createdAt!: Date;

  static override relationMappings = (): RelationMappings =>
    Object.fromEntries(
      Object.entries(SubLogModels).map(([kind, modelClass]) => [
        kind,
        {
          relation: Model.HasOneRelation,
          modelClass,
          join: { from: 'activity_log.id', to: `${SUB_LOG_TABLES[kind as SubLogKind]}.activityLogId` },
        },
      ]),
    );
}
