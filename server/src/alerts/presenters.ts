import { finderQueryOf, type IssueAlert, type IssueAlertFilters } from '@openlfg/contracts';
import type { AlertRow } from './repository.js';

/** The filters an alert was saved with, as the finder's request names them (defaults left out). */
export function filtersOf(row: AlertRow): IssueAlertFilters {
  return {
    ...(row.languages.length > 0 ? { languages: row.languages } : {}),
    ...(row.topics.length > 0 ? { topics: row.topics } : {}),
    ...(row.label !== null ? { label: row.label } : {}),
    notTaken: row.not_taken,
    ...(row.answers_within_week ? { answersWithinWeek: true } : {}),
    ...(row.updated_within_days !== null
      ? { updatedWithinDays: row.updated_within_days as IssueAlertFilters['updatedWithinDays'] }
      : {}),
    ...(row.project_id !== null ? { projectId: row.project_id } : {}),
    ...(row.include_quiet ? { includeQuiet: true } : {}),
  };
}

export function toIssueAlert(row: AlertRow): IssueAlert {
  const filters = filtersOf(row);
  return {
    id: row.id,
    name: row.name,
    filters,
    finderQuery: finderQueryOf(filters),
    createdAt: row.created_at.toISOString(),
    notifiedAt: row.notified_at?.toISOString() ?? null,
  };
}
