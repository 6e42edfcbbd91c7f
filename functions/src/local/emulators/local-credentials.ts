/** Emulators accept any credentials; the SDK still wants some, and must not look for real ones. */
export const LOCAL_AWS_ENVIRONMENT = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  // The SDK warns that future versions need Node 22 (the Lambda runtime); the local runtime
  // also supports Node 20, so the warning is noise here.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
} as const;

export function applyLocalCredentials(): void {
  Object.assign(process.env, LOCAL_AWS_ENVIRONMENT);
}
