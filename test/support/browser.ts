import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright switches off (its `chromiumSwitches`), which a `--disable-features` of
 * ours replaces rather than extends: Chromium reads the last one. `browser.test.ts` fails when a
 * Playwright upgrade changes its list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Every browser window (each Playwright context) otherwise starts two renderers for the address
 * bar's WebUI popups, which a headless window never shows: about a fifth of the CPU of opening a
 * context, over hundreds of contexts in a test run.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The flags this machine and CI need (no downloads, no background traffic, no unseen UI). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

/** Debian's Chromium; its contexts are private windows (nothing kept on disk). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export interface ChromiumProfile {
  readonly context: BrowserContext;
  /** Closes the browser and deletes the profile. */
  close(): Promise<void>;
}

/**
 * Debian's Chromium with a profile of its own on disk, as a person's browser keeps one: the HTTP
 * cache and the code cache (scripts compiled on earlier visits), which a private window keeps
 * only in memory or not at all.
 */
export async function launchChromiumProfile(options: {
  viewport: { width: number; height: number };
}): Promise<ChromiumProfile> {
  const directory = mkdtempSync(join(tmpdir(), 'expiry-radar-chromium-profile-'));
  const context = await chromium.launchPersistentContext(directory, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
