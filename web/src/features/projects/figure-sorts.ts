import type { ProjectListResponse, ProjectSortField } from '@openlfg/contracts';

/** A figure a sort is by, which a project may not have yet (until a catalogue sync brings it). */
export interface SortFigure {
  /** Its name in the list answer's `known` counts. */
  key: keyof ProjectListResponse['known'];
  /** What a project has when it has it: "312 of 1,903 have a contributor count". */
  noun: string;
}

const FIGURES: Partial<Record<ProjectSortField, SortFigure>> = {
  contributors: { key: 'contributors', noun: 'a contributor count' },
  used_by: { key: 'usedBy', noun: 'a used-by count' },
};

/** The figure `sortField` sorts by, when projects may lack it (names and saves every project has). */
export function sortFigureOf(sortField: ProjectSortField): SortFigure | null {
  return FIGURES[sortField] ?? null;
}
