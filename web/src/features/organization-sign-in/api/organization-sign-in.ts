import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoConnectionSettingsInput } from '@expiry-radar/shared/domain/organization-sign-in';
import { call } from '../../../lib/api-call';
import { showSuccessToast } from '../../../lib/toasts';

const signInKey = ['organization', 'sign-in'] as const;

/** The organization's domains and SSO connection. */
export function useOrganizationSignIn() {
  return useQuery({
    queryKey: signInKey,
    queryFn: ({ signal }) => call('getOrganizationSignIn', {}, { signal }),
  });
}

/** Each change reloads the page's data; refusals are shown by the forms (silent calls). */
export function useOrganizationSignInMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: signInKey });
  return {
    addDomain: useMutation({
      mutationFn: (domain: string) =>
        call('addOrganizationDomain', { body: { domain } }, { silent: true }),
      onSuccess: reload,
    }),
    verifyDomain: useMutation({
      mutationFn: (domain: string) =>
        call('verifyOrganizationDomain', { params: { domain } }, { silent: true }),
      onSuccess: async (answer) => {
        showSuccessToast(`${answer.domain} is verified.`);
        await reload();
      },
      onError: reload,
    }),
    removeDomain: useMutation({
      mutationFn: (domain: string) => call('removeOrganizationDomain', { params: { domain } }),
      onSuccess: reload,
    }),
    saveConnection: useMutation({
      mutationFn: (body: SsoConnectionSettingsInput) =>
        call('saveSsoConnection', { body }, { silent: true }),
      onSuccess: async () => {
        showSuccessToast('Single sign-on saved.');
        await reload();
      },
    }),
  };
}
