import { Model, type RelationMappings } from 'objection';

/** Sub-log tables of spec section 3, keyed by the ActivityDetail kind they store. */
export const SUB_LOG_TABLES = {
  survey: 'activity_log_survey',
  pageVisit: 'activity_log_page_visit',
  login: 'activity_log_login',
  document: 'activity_log_document',
  cmsFile: 'activity_log_cms_file',
  documentService: 'activity_log_document_service',
  managementDocument: 'activity_log_management_document',
  contact: 'activity_log_contact',
  leadContent: 'activity_log_lead_content',
  faq: 'activity_log_faq',
  message: 'activity_log_message',
} as const;

export type SubLogKind = keyof typeof SUB_LOG_TABLES;

/** One model per sub-log table, built from the table list so the mapping stays in one place. */
function subLogModel(table: string) {
  return class SubLog extends Model {
    static override tableName = table;
    id!: number;
    activityLogId!: number;
    [column: string]: unknown;
  };
}

export const SubLogModels = Object.fromEntries(
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
