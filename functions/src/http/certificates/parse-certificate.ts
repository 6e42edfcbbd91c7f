import { CERTIFICATES_MAX_COUNT } from '@expiry-radar/shared/domain/certificate-text';
import { readCertificates } from '../../domain/certificate-reading';
import { badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/**
 * `POST /api/certificates/parse`: the leaf certificates of PEM text in the token form's fields.
 * Reads and stores nothing else; a private key never gets here (the request schema refuses it,
 * answering 400 without the text).
 */
export const handler = createHttpHandler(tokenRoutes.parseCertificate, ({ body }) => {
  const reading = readCertificates(body.pem);
  switch (reading.kind) {
    case 'read':
      return { body: reading.answer };
    case 'none':
      throw badRequest(
        'No certificate found. Paste a PEM certificate (-----BEGIN CERTIFICATE-----) or choose a .pem, .crt or .cer file.',
      );
    case 'tooMany':
      throw badRequest(`Read at most ${CERTIFICATES_MAX_COUNT} certificates at once.`);
    case 'unreadable':
      throw badRequest(
        `Certificate ${reading.position} could not be read. Check that it is complete.`,
      );
  }
});
