import type { StepDownMentorRequest, VolunteerMentorRequest } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getMentorsQueryOptions } from './get-mentors';

export function volunteerMentor(body: VolunteerMentorRequest) {
  return callApi('volunteerMentor', { body });
}

export function stepDownMentor(body: StepDownMentorRequest) {
  return callApi('stepDownMentor', { body });
}

/** Volunteers the user (or updates what they offer); the list shows them at once. */
export function useVolunteerMentor(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<VolunteerMentorRequest, 'projectId'>) => volunteerMentor({ projectId, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMentorsQueryOptions(projectId).queryKey }),
  });
}

/** The user steps down; the list drops them. */
export function useStepDownMentor(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stepDownMentor({ projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMentorsQueryOptions(projectId).queryKey }),
  });
}
