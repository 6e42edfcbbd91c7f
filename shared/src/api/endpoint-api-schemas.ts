/**
 * TLS endpoints: the endpoint check queue's message, and `POST
 * /api/v1/workspaces/{id}/endpoint-probes` ("Check now": the certificate an endpoint serves, in
 * the certificate form's fields).
 */
import * as z from 'zod';
import { endpointInputSchema, ENDPOINT_CHECK_STATUSES } from '../domain/endpoints';
import { parsedCertificateSchema } from './certificate-api-schemas';

/** One endpoint of one token to check (one message per endpoint). */
export const endpointCheckMessageSchema = z.object({
  workspaceId: z.string().min(1),
  tokenId: z.string().min(1),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  sni: z.string().nullable(),
});
export type EndpointCheckMessage = z.infer<typeof endpointCheckMessageSchema>;

export const endpointProbeBody = endpointInputSchema;
export type EndpointProbeBody = z.input<typeof endpointProbeBody>;

export const endpointProbeResponse = z.object({
  /** The served leaf, read as the certificate form reads PEM text. */
  certificate: parsedCertificateSchema,
  /** What a scheduled check would say of it (`ok`, or `problem` with the problem in words). */
  status: z.enum(ENDPOINT_CHECK_STATUSES),
  message: z.string(),
  chain_trusted: z.boolean(),
  name_matches: z.boolean(),
  protocol: z.string().nullable(),
});
export type EndpointProbeResponse = z.infer<typeof endpointProbeResponse>;
