import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  messagePath,
  type OpenMessageRequest,
} from '../../../../shared/notifications/push-payload.ts';

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
 * A push clicked while the private screens are open: the service worker asks this window to
 * open the message, and it goes to the dashboard's address for it (`?message=<id>`, the
 * e-mail's link), in place, through the sign-in if the session has ended.
 */
export function useNotificationClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (isOpenRequest(event.data)) void navigate(messagePath(event.data.id));
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
