import type { MailSettingsBody } from '@openlfg/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getMailSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['mail-settings'] as const,
    queryFn: ({ signal }) => callApi('mailSettings', {}, { signal }),
  });
}

export function useMailSettings(enabled: boolean) {
  return useQuery({ ...getMailSettingsQueryOptions(), enabled });
}

/** Saves the address and digest; the answer is the new settings (a new address unconfirmed). */
export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettingsBody) => callApi('updateMailSettings', { body }),
    onSuccess: (settings) => queryClient.setQueryData(getMailSettingsQueryOptions().queryKey, settings),
  });
}

/** The mail's links: confirm an address, or unsubscribe. Both work signed out: the token is the authority. */
export function useMailLink(kind: 'confirm' | 'unsubscribe') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      kind === 'confirm'
        ? callApi('confirmMail', { body: { token } })
        : callApi('unsubscribeMail', { query: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMailSettingsQueryOptions().queryKey }),
  });
}
