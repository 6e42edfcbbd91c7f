/**
 * The Slack app's secrets: the client secret (the OAuth code exchange) and the signing secret
 * (the interaction requests' X-Slack-Signature). SLACK_CLIENT_SECRET / SLACK_SIGNING_SECRET when
 * set (locally, the stand-in's), otherwise the SSM SecureString parameters named by
 * SLACK_CLIENT_SECRET_PARAMETER / SLACK_SIGNING_SECRET_PARAMETER, read once per container.
 */
import { getSsmClient, loadSsm } from '../platform/aws-clients';
import { getConfig } from '../platform/config';

const cached = new Map<string, Promise<string>>();

function readParameter(name: string): Promise<string> {
  let value = cached.get(name);
  if (!value) {
    const { GetParameterCommand } = loadSsm();
    value = getSsmClient()
      .send(new GetParameterCommand({ Name: name, WithDecryption: true }))
      .then(({ Parameter }) => {
        if (!Parameter?.Value) throw new Error(`SSM parameter ${name} has no value`);
        return Parameter.Value;
      });
    cached.set(name, value);
    value.catch(() => cached.delete(name));
  }
  return value;
}

function secretOf(value: string | undefined, parameter: string | undefined): Promise<string> {
  if (value) return Promise.resolve(value);
  if (!parameter) return Promise.reject(new Error('The Slack app is not configured'));
  return readParameter(parameter);
}

export function getSlackClientSecret(): Promise<string> {
  const { slack } = getConfig();
  return secretOf(slack.clientSecret, slack.clientSecretParameter);
}

export function getSlackSigningSecret(): Promise<string> {
  const { slack } = getConfig();
  return secretOf(slack.signingSecret, slack.signingSecretParameter);
}
