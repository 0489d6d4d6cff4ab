import type { ProjectRequestBody } from '@openlfg/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function requestProject(body: ProjectRequestBody) {
  return callApi('requestProject', { body });
}

/** Asks the moderators to add a repository to the catalogue. Nothing cached changes until they approve it. */
export function useRequestProject() {
  return useMutation({ mutationFn: requestProject });
}
