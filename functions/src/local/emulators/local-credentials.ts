/** Emulators accept any credentials; the SDK still wants some, and must not look for real ones. */
export const LOCAL_AWS_ENVIRONMENT = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
} as const;

export function applyLocalCredentials(): void {
  Object.assign(process.env, LOCAL_AWS_ENVIRONMENT);
}
