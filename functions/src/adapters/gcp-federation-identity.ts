/**
 * The AWS identity a Google Cloud integration signs in with by workload identity federation: the
 * deployment's federation role (GCP_FEDERATION_ROLE_ARN, a role with no permissions) assumed in a
 * session named after the workspace (`expiry-radar-<workspace id>`). Google reads that session's
 * ARN from the signed request, so a customer's pool provider can trust exactly their own
 * workspace: another workspace of the same deployment signs as another session and is refused.
 */
import { loadSts } from '../platform/aws-clients';
import { traceAwsClient } from '../platform/tracing';
import { getConfig } from '../platform/config';
import { AWS_CLIENT_SETTINGS } from './aws-discovery-common';
import { errorMessage } from '../platform/error-message';
import { GcpReadError, type FederationIdentity } from './gcp-requests';

const SESSION_SECONDS = 900;

/** The workspace's identity, or undefined where the deployment has no federation role (locally). */
export function gcpFederationIdentity(
  sessionName: string,
): (() => Promise<FederationIdentity>) | undefined {
  const { gcpFederationRoleArn: roleArn, region } = getConfig();
  if (!roleArn) return undefined;
  return async () => {
    const { AssumeRoleCommand, STSClient } = loadSts();
    const sts = traceAwsClient(new STSClient({ region, ...AWS_CLIENT_SETTINGS }));
    try {
      const { Credentials: credentials } = await sts.send(
        new AssumeRoleCommand({
          RoleArn: roleArn,
          RoleSessionName: sessionName.slice(0, 64),
          DurationSeconds: SESSION_SECONDS,
        }),
      );
      if (!credentials?.AccessKeyId || !credentials.SecretAccessKey) {
        throw new Error('STS answered without credentials');
      }
      return {
        credentials: {
          accessKeyId: credentials.AccessKeyId,
          secretAccessKey: credentials.SecretAccessKey,
          sessionToken: credentials.SessionToken,
        },
        region,
      };
    } catch (error) {
      throw new GcpReadError(
        `The deployment's federation role could not be assumed: ${errorMessage(error)}`,
        true,
        true,
      );
    } finally {
      sts.destroy();
    }
  };
}
