import type { ReportBody } from '@openlfg/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function reportGroup(body: ReportBody): Promise<unknown> {
  return apiFetch<unknown>('/group-projects/report', { method: 'POST', body });
}

export function useReportGroup() {
  return useMutation({ mutationFn: reportGroup });
}
