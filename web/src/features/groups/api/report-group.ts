import type { ReportBody } from '@openlfg/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function reportGroup(body: ReportBody) {
  return callApi('reportGroup', { body });
}

export function useReportGroup() {
  return useMutation({ mutationFn: reportGroup });
}
