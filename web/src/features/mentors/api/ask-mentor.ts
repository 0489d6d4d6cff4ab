import type { AskMentorRequest } from '@openlfg/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function askMentor(body: AskMentorRequest) {
  return callApi('askMentor', { body });
}

/**
 * Asks the project's mentors: the question is posted in the project's room (which shows it live) and each
 * mentor is told. The client id is the caller's, so a retry of the same ask posts it once.
 */
export function useAskMentor() {
  return useMutation({ mutationFn: askMentor });
}
