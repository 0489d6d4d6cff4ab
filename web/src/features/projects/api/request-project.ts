import type { ProjectRequestBody, ProjectRequestResponse } from '@openlfg/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function requestProject(body: ProjectRequestBody): Promise<ProjectRequestResponse> {
  return apiFetch<ProjectRequestResponse>('/projects/request', { method: 'POST', body });
}

/** Asks the moderators to add a repository to the catalogue. Nothing cached changes until they approve it. */
export function useRequestProject() {
  return useMutation({ mutationFn: requestProject });
}
