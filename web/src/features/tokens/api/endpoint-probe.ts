import { useMutation } from '@tanstack/react-query';
import type {
  EndpointProbeBody,
  EndpointProbeResponse,
} from '@expiry-radar/shared/api/endpoint-api-schemas';
import { call } from '../../../lib/api-call';

/**
 * "Check now": connects to a TLS endpoint and answers the certificate it serves, in the token
 * form's fields. Silent: the form shows a refusal at its endpoints field.
 */
export function useProbeEndpointMutation(workspaceId: string) {
  return useMutation({
    mutationFn: (body: EndpointProbeBody): Promise<EndpointProbeResponse> =>
      call('probeEndpoint', { params: { id: workspaceId }, body }, { silent: true }),
  });
}
