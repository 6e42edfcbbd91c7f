import { useMutation } from '@tanstack/react-query';
import type { ParseCertificateResponse } from '@expiry-radar/shared/api/certificate-api-schemas';
import { call } from '../../../lib/api-call';

/**
 * Reads PEM text into certificates (the leaves, with their token fields). Silent: the dialog
 * shows a refusal at its text field.
 */
export function useParseCertificateMutation() {
  return useMutation({
    mutationFn: (pem: string): Promise<ParseCertificateResponse> =>
      call('parseCertificate', { body: { pem } }, { silent: true }),
  });
}
