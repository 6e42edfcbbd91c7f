import { getSsmClient, loadSsm } from '../platform/aws-clients';
import { getConfig, type RuntimeConfig } from '../platform/config';

/**
 * The SSM parameter the web stack writes the app's public origin to (its CloudFront URL, or the
 * custom domain). Its name is fixed, so the api and jobs stacks, deployed before the web stack,
 * need no reference to it: the functions read it when they first build a link, by which time the
 * web stack is deployed.
 */
export const APP_ORIGIN_PARAMETER = '/expiry-radar/app-origin';

export class AppOriginUnknownError extends Error {
  constructor(reason: string) {
    super(`The app's origin is not known: ${reason}`);
    this.name = 'AppOriginUnknownError';
  }
}

/**
 * `https://host[:port]` of a configured value, without path or trailing slash; an empty value or
 * one that is no http(s) origin is refused, so no email ever carries a link that leads nowhere.
 */
export function normalizeAppOrigin(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new AppOriginUnknownError(`${source} is not a URL (${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppOriginUnknownError(`${source} is not an http(s) URL (${value})`);
  }
  return url.origin;
}

export interface AppOriginSources {
  /** APP_ORIGIN: the context value `appOrigin` in AWS, the local server's own address locally. */
  readonly explicit: string;
  /** APP_ORIGIN_PARAMETER: set in AWS when no `appOrigin` was given. */
  readonly parameterName: string | undefined;
  readonly readParameter: (name: string) => Promise<string | undefined>;
}

/** The explicit origin wins; else the web stack's parameter; else the origin is unknown. */
export async function appOriginFrom(sources: AppOriginSources): Promise<string> {
  if (sources.explicit) return normalizeAppOrigin(sources.explicit, 'APP_ORIGIN');
  if (!sources.parameterName) {
    throw new AppOriginUnknownError('neither APP_ORIGIN nor APP_ORIGIN_PARAMETER is set');
  }
  const value = await sources.readParameter(sources.parameterName);
  if (!value) {
    throw new AppOriginUnknownError(
      `SSM parameter ${sources.parameterName} is missing or empty (the web stack writes it: deploy ExpiryRadarWeb)`,
    );
  }
  return normalizeAppOrigin(value, `SSM parameter ${sources.parameterName}`);
}

async function readSsmParameter(name: string): Promise<string | undefined> {
  try {
    const { GetParameterCommand } = loadSsm();
    const { Parameter } = await getSsmClient().send(new GetParameterCommand({ Name: name }));
    return Parameter?.Value;
  } catch (error) {
    if ((error as { name?: string }).name === 'ParameterNotFound') return undefined;
    throw error;
  }
}

let cached: { readonly config: RuntimeConfig; readonly origin: Promise<string> } | undefined;

/**
 * The origin links in emails and redirects are built on, resolved once per container (again
 * after the configuration was re-read, as tests and the local runtime do; a failed read is tried
 * again on the next call).
 */
export function resolveAppOrigin(): Promise<string> {
  const config = getConfig();
  if (cached?.config !== config) {
    const origin = appOriginFrom({
      explicit: config.appOrigin,
      parameterName: config.appOriginParameter,
      readParameter: readSsmParameter,
    });
    const entry = { config, origin };
    cached = entry;
    origin.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.origin;
}
