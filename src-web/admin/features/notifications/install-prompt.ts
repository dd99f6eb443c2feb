import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the inbox as an app (Chromium's `beforeinstallprompt`): the
 * event is kept from the moment the page loads, often before the dashboard is drawn, so that
 * a button can show the browser's prompt later, on the owner's click. It goes once used, and
 * once the app is installed (`appinstalled`).
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallOffer {
  /** The browser offers installation now. */
  available: boolean;
  /** The app has just been installed from this page. */
  installed: boolean;
}

const NONE: InstallOffer = { available: false, installed: false };

let offer = NONE;
let deferred: BeforeInstallPromptEvent | null = null;
let listening = false;
const subscribers = new Set<() => void>();

function publish(next: InstallOffer) {
  offer = next;
  for (const subscriber of subscribers) subscriber();
}

/** Opened as the installed app already: nothing to offer. */
function runningInstalled(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Called once, as the private screens start (admin/main.tsx). */
export function listenForInstallOffer(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Chromium's own banner stays away: the dashboard's button says it in French.
    event.preventDefault();
    if (runningInstalled()) return;
    deferred = event as BeforeInstallPromptEvent;
    publish({ available: true, installed: false });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    publish({ available: false, installed: true });
  });
}

/**
 * Shows the browser's installation prompt; the offer is spent either way (the browser makes
 * a new one if the owner dismissed it). Resolves with the owner's answer.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  publish({ ...offer, available: false });
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

function subscribe(subscriber: () => void) {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

/** The browser's current offer, for the dashboard's « Installer l’application » button. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    subscribe,
    () => offer,
    () => NONE,
  );
}
