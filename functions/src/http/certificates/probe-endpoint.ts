import { DEFAULT_TLS_PORT, endpointKeyOf } from '@expiry-radar/shared/domain/endpoints';
import type { EndpointProbeResponse } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { checkTlsEndpoint } from '../../adapters/tls-endpoint-checker';
import { consumeRateLimit } from '../../data/rate-limiter';
import { trustedCertificateAuthorityPems } from '../../data/trusted-certificate-authority-records';
import { readCertificates } from '../../domain/certificate-reading';
import type { RateLimitRule } from '../../domain/account-policy';
import { evaluateEndpointCheck } from '../../domain/endpoint-check';
import { AppError, badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess, requireEditor } from '../../services/workspaces/workspace-access';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

export const ENDPOINT_PROBE_RATE_LIMIT: RateLimitRule = {
  name: 'endpoint-probe-user',
  limit: 20,
  windowSeconds: 10 * 60,
};

/**
 * `POST /api/v1/workspaces/{id}/endpoint-probes` ("Check now" in the certificate form): connects
 * through the SSRF guard and answers the served leaf in the form's fields, as PEM auto-fill does,
 * with what a scheduled check would say of it (against a token expiring the same day, so only a
 * problem of the certificate itself shows), trusting the workspace's certificate authorities as
 * the scheduled checks do. Stores nothing but the rate-limit counter.
 */
export const handler = createHttpHandler(
  tokenRoutes.probeEndpoint,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireEditor(access);
    if (!(await consumeRateLimit(ENDPOINT_PROBE_RATE_LIMIT, user.id, now))) {
      throw new AppError('RATE_LIMITED');
    }
    const endpoint = {
      host: body.host,
      port: body.port ?? DEFAULT_TLS_PORT,
      sni: body.sni ?? null,
    };
    const probe = await checkTlsEndpoint(endpoint, {
      trustedCertificateAuthorities: await trustedCertificateAuthorityPems(access.workspaceId, {
        consistent: true,
      }),
    });
    if (!probe.ok) {
      throw badRequest(`${endpointKeyOf(endpoint)}: ${probe.message}`, [
        { path: 'host', message: probe.message },
      ]);
    }
    const reading = readCertificates(probe.certificate.pem);
    if (reading.kind !== 'read' || !reading.answer.certificates[0]) {
      throw badRequest(`${endpointKeyOf(endpoint)} served no certificate that could be read`);
    }
    const verdict = evaluateEndpointCheck({
      endpointKey: endpointKeyOf(endpoint),
      probe,
      previous: null,
      tokenExpiresAt: probe.certificate.notAfter,
      now,
    });
    const answer: EndpointProbeResponse = {
      certificate: reading.answer.certificates[0],
      status: verdict.check.problem ? 'problem' : 'ok',
      message: verdict.check.message,
      chain_trusted: probe.certificate.chainTrusted,
      name_matches: probe.certificate.nameMatches,
      protocol: probe.certificate.protocol,
    };
    return { body: answer };
  },
);
