import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { OPEN_MESSAGE_PARAM } from '../../../../shared/notifications/push-payload.ts';

/**
 * Opens the message a notification points to: `?message=<id>` in the address (the link of
 * the e-mail, or a clicked push), once the inbox has loaded. The parameter is removed once
 * read, so that a reload does not open it again.
 */
export function useOpenRequestedMessage(
  messages: readonly ContactMessage[] | null,
  open: (message: ContactMessage) => void,
) {
  const [params, setParams] = useSearchParams();
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
