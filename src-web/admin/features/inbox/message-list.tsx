import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { LanguageMark } from './language-mark.tsx';
import { formatListDate, formatReceivedAt, messageExcerpt } from './format-message.ts';

export interface MessageListProps {
  messages: readonly ContactMessage[];
  selected: ReadonlySet<string>;
  onToggleSelected: (id: string) => void;
  onOpen: (message: ContactMessage) => void;
}

/**
 * The received messages on a narrow screen, one item each, as a mail app lists them: the
 * sender, the service, the subject, the start of the message and the date, with a box to
 * select it. An item opens the whole message; every value is rendered as text.
 */
export function MessageList({ messages, selected, onToggleSelected, onOpen }: MessageListProps) {
  return (
    <ul
      className="message-list list-unstyled mb-0 bg-white rounded-3 shadow-sm"
      aria-label="Messages reçus"
    >
      {messages.map((message) => (
        <li
          key={message.id}
          data-message-id={message.id}
          className={`message-item ${message.read ? 'message-read' : 'message-unread'}`}
        >
          <label className="message-item-select">
            <input
              type="checkbox"
              className="form-check-input"
              checked={selected.has(message.id)}
              onChange={() => onToggleSelected(message.id)}
              aria-label={`Sélectionner le message de ${message.fullName}`}
            />
          </label>
          <button type="button" className="message-item-open" onClick={() => onOpen(message)}>
            <span className="message-item-line">
              {!message.read && (
                <>
                  <span className="unread-dot" aria-hidden="true" />
                  <span className="visually-hidden">Non lu, </span>
                </>
              )}
              <span className="message-item-name" dir="auto">
                {message.fullName}
              </span>
              <time
                className="message-item-date"
                dateTime={
                  message.receivedAt === null
                    ? undefined
                    : new Date(message.receivedAt).toISOString()
                }
                title={formatReceivedAt(message.receivedAt)}
              >
                {formatListDate(message.receivedAt)}
              </time>
            </span>
            <span className="message-item-service">
              <LanguageMark language={message.language} /> {message.service}
            </span>
            <span className="message-item-subject" dir="auto">
              {message.subject}
            </span>
            <span className="message-item-excerpt" dir="auto">
              {messageExcerpt(message.message)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
