import type { FirebaseApp } from '@firebase/app';
import {
  getToken,
  initializeAppCheck,
  onTokenChanged,
  ReCaptchaEnterpriseProvider,
} from '@firebase/app-check';

export interface AppCheckSettings {
  /** The reCAPTCHA Enterprise site key (public) registered for the web app in App Check. */
  siteKey: string;
  /**
   * Development only: a debug token registered in the console (App Check, « Gérer les jetons
   * de débogage »), or `true` to have the SDK print a new one in the browser console.
   */
  debugToken?: string | true;
}

/**
 * Whether App Check currently vouches for this browser. Firebase does not say so in its
 * errors: an enforced App Check without a valid token shows up as 'permission-denied'.
 */
export interface AppCheckMonitor {
  /** Resolves true when App Check cannot get a token for this browser. */
  failing(): Promise<boolean>;
}

/** Without App Check configured, nothing can fail on its account. */
export const NO_APP_CHECK: AppCheckMonitor = { failing: () => Promise.resolve(false) };

interface DebugTokenGlobal {
  FIREBASE_APPCHECK_DEBUG_TOKEN?: string | boolean;
}

/**
 * Activates App Check with reCAPTCHA Enterprise; with a debug token, the SDK's debug
 * provider stands in for reCAPTCHA (a development machine is not a real visitor).
 * Must run before Firestore or Auth make their first request.
 */
export function startAppCheck(app: FirebaseApp, settings: AppCheckSettings): AppCheckMonitor {
  if (settings.debugToken !== undefined) {
    // The SDK reads this global when App Check starts, and then uses its debug provider.
    (globalThis as DebugTokenGlobal).FIREBASE_APPCHECK_DEBUG_TOKEN = settings.debugToken;
  }
  const appCheck = initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(settings.siteKey),
    isTokenAutoRefreshEnabled: true,
  });
  let lastFailed = false;
  onTokenChanged(
    appCheck,
    () => {
      lastFailed = false;
    },
    () => {
      lastFailed = true;
    },
  );
  return {
    async failing() {
      if (lastFailed) return true;
      try {
        await getToken(appCheck, false);
        return false;
      } catch {
        return true;
      }
    },
  };
}
