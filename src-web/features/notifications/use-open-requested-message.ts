import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import {
  OPEN_MESSAGE_PARAM,
  type OpenMessageRequest,
} from '../../../shared/notifications/push-payload.ts';

function isOpenRequest(value: unknown): value is OpenMessageRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    value.type === 'open-message' &&
    'id' in value &&
    typeof value.id === 'string'
  );
}

/**
 * Opens the message a notification points to: `?message=<id>` in the address (the link of
 * the e-mail, or a push clicked while no dashboard was open), or the service worker's request
 * when a push is clicked while this dashboard is open. The parameter is removed once read,
 * so that a reload does not open it again.
 */
export function useOpenRequestedMessage(
  messages: readonly ContactMessage[] | null,
  open: (message: ContactMessage) => void,
) {
  const [params, setParams] = useSearchParams();
  const latest = useRef({ messages, open });
  useEffect(() => {
    latest.current = { messages, open };
  }, [messages, open]);

  // A click on a push while this dashboard is open.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (!isOpenRequest(event.data)) return;
      const { id } = event.data;
      const message = latest.current.messages?.find((candidate) => candidate.id === id);
      if (message) latest.current.open(message);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  // The address, once the inbox has loaded.
  const requested = params.get(OPEN_MESSAGE_PARAM);
  useEffect(() => {
    if (requested === null || messages === null) return;
    const rest = new URLSearchParams(params);
    rest.delete(OPEN_MESSAGE_PARAM);
    setParams(rest, { replace: true });
    // A message deleted since simply is not there: the inbox shows as usual.
    const message = messages.find((candidate) => candidate.id === requested);
    if (message) open(message);
  }, [requested, messages, params, setParams, open]);
}
