import { useCallback, useEffect, useRef, useState } from 'react';
import { isFromTheSite } from '../../../../shared/domain/leads/new-contact.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';

export type NotificationState = 'unsupported' | 'off' | 'on' | 'denied';

const OPT_IN_KEY = 'inbox-notifications';

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function initialState(): NotificationState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  let optedIn = false;
  try {
    optedIn = localStorage.getItem(OPT_IN_KEY) === 'on';
  } catch {
    // Storage may be blocked: the owner asks again.
  }
  return Notification.permission === 'granted' && optedIn ? 'on' : 'off';
}

/**
 * Browser notifications for new messages while the tab is in the background, once the
 * owner has asked for them (the permission prompt needs a click). Returns the state and
 * the functions for the button.
 */
export function useNewMessageNotifications(
  messages: readonly ContactMessage[] | null,
  onOpen: (message: ContactMessage) => void,
) {
  const [state, setState] = useState<NotificationState>(initialState);
  const seen = useRef<Set<string> | null>(null);
  const openRef = useRef(onOpen);
  useEffect(() => {
    openRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    if (!messages) return;
    if (state !== 'on') {
      // Nothing to tell: keep no copy of a large inbox's ids.
      seen.current = null;
      return;
    }
    const known = seen.current;
    seen.current = new Set(messages.map((message) => message.id));
    // The first list is what was there already, not news.
    if (!known || document.visibilityState !== 'hidden') return;
    for (const message of messages) {
      // A lead the owner typed in (« Nouveau contact ») is not news to them.
      if (known.has(message.id) || !isFromTheSite(message)) continue;
      const notification = new Notification(`Nouveau message de ${message.fullName}`, {
        body: `${message.service ?? ''} · ${message.subject}`,
        tag: message.id,
        icon: '/favicon.svg',
      });
      notification.onclick = () => {
        window.focus();
        openRef.current(message);
        notification.close();
      };
    }
  }, [messages, state]);

  const enable = useCallback(async () => {
    if (!supported()) return;
    const permission = await Notification.requestPermission();
    if (permission === 'granted') {
      try {
        localStorage.setItem(OPT_IN_KEY, 'on');
      } catch {
        // Only for this visit, then.
      }
      setState('on');
    } else {
      setState(permission === 'denied' ? 'denied' : 'off');
    }
  }, []);

  const disable = useCallback(() => {
    try {
      localStorage.removeItem(OPT_IN_KEY);
    } catch {
      // Nothing kept anyway.
    }
    setState('off');
  }, []);

  return { state, enable, disable };
}
