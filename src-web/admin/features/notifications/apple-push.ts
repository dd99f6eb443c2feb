import { pushSupported } from './push-device.ts';

/**
 * Web push on iPhone and iPad: Apple allows it only to a site added to the home screen and
 * opened from its icon, from iOS (iPadOS) 16.4 on. In Safari itself the Push API is missing,
 * and the dashboard would otherwise offer nothing and say nothing.
 */

/** The iOS version from which a home-screen web app may receive push notifications. */
export const APPLE_WEB_PUSH_SINCE = { major: 16, minor: 4 } as const;

export type ApplePushHelp =
  /** Recent enough: added to the home screen, the inbox can receive them. */
  | { kind: 'add-to-home-screen' }
  /** Too old: no web push at all; `version` as « 15.6 ». */
  | { kind: 'too-old'; version: string };

/** What is read from the browser (injected by the tests). */
export interface AppleBrowser {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's own flag: opened from the home screen. */
  standalone?: boolean | undefined;
  /** `(display-mode: standalone)` matches. */
  displayStandalone: boolean;
  pushSupported: boolean;
}

function currentBrowser(): AppleBrowser {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints,
    standalone: nav.standalone,
    displayStandalone: window.matchMedia('(display-mode: standalone)').matches,
    pushSupported: pushSupported(),
  };
}

/** iPhone, iPod, and iPad, which since iPadOS 13 says it is a Mac but has a touch screen. */
function appleTouchDevice({ userAgent, maxTouchPoints }: AppleBrowser): boolean {
  return (
    /\b(iPhone|iPad|iPod)\b/.test(userAgent) ||
    (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
  );
}

/** « 17.4 » from « iPhone OS 17_4 » (or Safari's « Version/17.4 » on an iPad); null if absent. */
function systemVersion(userAgent: string): { major: number; minor: number } | null {
  const match = /\bOS (\d+)[_.](\d+)/.exec(userAgent) ?? /\bVersion\/(\d+)\.(\d+)/.exec(userAgent);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

/**
 * What to tell the owner of an iPhone or iPad where this page cannot subscribe to push; null
 * elsewhere (push works, or another system, where the dashboard says nothing more).
 */
export function applePushHelp(browser: AppleBrowser = currentBrowser()): ApplePushHelp | null {
  if (browser.pushSupported || !appleTouchDevice(browser)) return null;
  const version = systemVersion(browser.userAgent);
  const { major, minor } = APPLE_WEB_PUSH_SINCE;
  if (version && (version.major < major || (version.major === major && version.minor < minor))) {
    return { kind: 'too-old', version: `${version.major}.${version.minor}` };
  }
  // Opened from the home screen on a recent system, push would be there: nothing to add.
  if (browser.standalone === true || browser.displayStandalone) return null;
  return { kind: 'add-to-home-screen' };
}
