import { LanguageMark } from './language-mark.tsx';
import type { MouseEvent } from 'react';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { DASHBOARD_COLUMNS } from './columns.ts';
import { formatReceivedAt } from './format-message.ts';
import { mailtoHref, senderPhone } from './reply-links.ts';

export interface MessagesTableProps {
  messages: readonly ContactMessage[];
  /** Number shown in the # column for the first row (the rows of page 2 start at 51). */
  firstNumber?: number;
  selected?: ReadonlySet<string>;
  onToggleSelected?: (id: string) => void;
  onOpen?: (message: ContactMessage) => void;
}

/**
 * Received messages on a wide screen. The columns have fixed widths, so that every one stays
 * on screen whatever a message holds: a long value is cut with an ellipsis, its whole text in
 * a tooltip and in the message panel. Every value is rendered as text, never as markup.
 */
export function MessagesTable({
  messages,
  firstNumber = 1,
  selected,
  onToggleSelected,
  onOpen,
}: MessagesTableProps) {
  const openFromRow = (event: MouseEvent<HTMLTableRowElement>, message: ContactMessage) => {
    // Links, buttons and the checkbox do their own thing.
    if ((event.target as Element).closest('a, button, input, label')) return;
    onOpen?.(message);
  };
  return (
    <div className="table-responsive bg-white rounded-3 shadow-sm">
      <table className="table table-hover mb-0 messages-table">
        <caption className="visually-hidden">Messages reçus</caption>
        <thead className="table-light">
          <tr>
            {DASHBOARD_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {messages.map((message, index) => {
            const number = firstNumber + index;
            const phone = senderPhone(message);
            const date = formatReceivedAt(message.receivedAt);
            return (
              <tr
                key={message.id}
                data-message-id={message.id}
                className={message.read ? 'message-read' : 'message-unread'}
                onClick={onOpen ? (event) => openFromRow(event, message) : undefined}
              >
                <th scope="row" className="text-nowrap">
                  {onToggleSelected && (
                    <input
                      type="checkbox"
                      className="form-check-input me-1"
                      checked={selected?.has(message.id) ?? false}
                      onChange={() => onToggleSelected(message.id)}
                      aria-label={`Sélectionner le message de ${message.fullName}`}
                    />
                  )}
                  {number}
                  {!message.read && (
                    <>
                      <span className="unread-dot ms-1" aria-hidden="true" />
                      <span className="visually-hidden"> (non lu)</span>
                    </>
                  )}
                </th>
                <td>
                  {onOpen ? (
                    <button
                      type="button"
                      className="btn btn-link p-0 text-start message-open"
                      onClick={() => onOpen(message)}
                    >
                      <span className="cell-clamp" title={message.fullName} dir="auto">
                        {message.fullName}
                      </span>
                    </button>
                  ) : (
                    <div className="cell-clamp" title={message.fullName} dir="auto">
                      {message.fullName}
                    </div>
                  )}
                </td>
                <td>
                  <LanguageMark language={message.language} /> {message.service}
                </td>
                <td>
                  <a className="cell-ellipsis" href={mailtoHref(message)} title={message.email}>
                    {message.email}
                  </a>
                </td>
                <td>
                  {phone.call ? (
                    <a className="cell-ellipsis" href={phone.call} title={phone.display}>
                      {phone.display}
                    </a>
                  ) : (
                    <div className="cell-ellipsis" title={phone.display}>
                      {phone.display}
                    </div>
                  )}
                </td>
                <td>
                  <div className="cell-clamp" title={message.subject} dir="auto">
                    {message.subject}
                  </div>
                </td>
                <td>
                  <div className="cell-clamp message-clamp" title={message.message} dir="auto">
                    {message.message}
                  </div>
                </td>
                <td>{date}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
