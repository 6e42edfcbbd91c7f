/**
 * What an integration's provider finds at its source, with its stored settings and credentials:
 * the one place the credentials are opened, for the provider's requests, never answered or
 * logged ("Sync now", its preview and the scheduled worker all read through here).
 *
 * AWS has no stored credentials: the function's own assume the customer's role with the
 * workspace's external id. Where Expiry Radar runs outside AWS (the local runtime) there is no
 * account for the role to trust, so the sync answers that in its report instead of trying.
 */
import {
  awsSettingsSchema,
  azureCredentialsSchema,
  azureSettingsSchema,
  gcpCredentialsSchema,
  gcpSettingsSchema,
  githubCredentialsSchema,
  githubSettingsSchema,
  gitlabCredentialsSchema,
  gitlabSettingsSchema,
  vaultCredentialsSchema,
  vaultSettingsSchema,
} from '@expiry-radar/shared/api/integration-api-schemas';
import type * as z from 'zod';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { awsDiscovery } from '../../adapters/aws-discovery';
import { azureDiscovery } from '../../adapters/azure-discovery';
import { gcpDiscovery } from '../../adapters/gcp-discovery';
import { gcpFederationIdentity } from '../../adapters/gcp-federation-identity';
import { githubDiscovery } from '../../adapters/github-discovery';
import { gitlabDiscovery } from '../../adapters/gitlab-discovery';
import { vaultDiscovery } from '../../adapters/vault-discovery';
import type { IntegrationRecord } from '../../data/entities/integration';
import type { Discovery, DiscoveryProgress } from '../../domain/discovery';
import { badRequest } from '../../platform/app-error';
import { getConfig } from '../../platform/config';
import { awsExternalId } from './integration-management';

async function openCredentials(integration: IntegrationRecord): Promise<unknown> {
  if (integration.sealedCredentials === null) return {};
  const text = await getCredentialSealer().open(integration.sealedCredentials, {
    workspaceId: integration.workspaceId,
    integrationId: integration.integrationId,
  });
  return JSON.parse(text) as unknown;
}

/**
 * A stored setting or credential as the provider needs it, or 400 with the schema's message: one
 * stored before today's rules (a namespace with a line break) is refused, not sent.
 */
function storedValue<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(
    `${result.error.issues[0]?.message ?? 'Invalid integration'}. Edit the integration to fix it.`,
  );
}

/**
 * What the integration's provider finds at its source; with `progress` (the scheduled worker,
 * "Sync now"), the providers that read in parts (GitHub, Azure, Google Cloud) may stop early.
 */
export async function discover(
  integration: IntegrationRecord,
  progress?: DiscoveryProgress,
): Promise<Discovery> {
  switch (integration.kind) {
    case 'aws': {
      const settings = storedValue(awsSettingsSchema, integration.settings);
      const externalId = awsExternalId(integration.workspaceId);
      if (!getConfig().discoveryAccountId) {
        return {
          tokens: [],
          errors: [
            `Could not assume the role ${settings.role_arn}: this installation does not run in an AWS account (the local runtime), so it has no credentials to assume roles with. AWS discovery works where Expiry Radar is deployed to AWS.`,
          ],
          unreadPrefixes: [''],
        };
      }
      return awsDiscovery()({ settings, credentials: { externalId, sessionName: externalId } });
    }
    case 'gitlab': {
      const settings = storedValue(gitlabSettingsSchema, integration.settings);
      const credentials = storedValue(gitlabCredentialsSchema, await openCredentials(integration));
      return gitlabDiscovery()({ settings, credentials });
    }
    case 'vault': {
      const settings = storedValue(vaultSettingsSchema, integration.settings);
      const credentials = storedValue(vaultCredentialsSchema, await openCredentials(integration));
      return vaultDiscovery()({ settings, credentials });
    }
    case 'github': {
      const settings = storedValue(githubSettingsSchema, integration.settings);
      const credentials = storedValue(githubCredentialsSchema, await openCredentials(integration));
      return githubDiscovery()({ settings, credentials, progress });
    }
    case 'azure': {
      const settings = storedValue(azureSettingsSchema, integration.settings);
      const credentials = storedValue(azureCredentialsSchema, await openCredentials(integration));
      return azureDiscovery()({ settings, credentials, progress });
    }
    case 'gcp': {
      const settings = storedValue(gcpSettingsSchema, integration.settings);
      const credentials = storedValue(gcpCredentialsSchema, await openCredentials(integration));
      // The workspace's own session of the federation role: see gcp-federation-identity.ts.
      const federation = gcpFederationIdentity(awsExternalId(integration.workspaceId));
      return gcpDiscovery(federation ? { federation } : {})({ settings, credentials, progress });
    }
  }
}
