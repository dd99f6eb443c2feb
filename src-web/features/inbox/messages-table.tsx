import type { MouseEvent } from 'react';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
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

/** Received messages; every value is rendered as text, never as markup. */
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
      <table className="table table-hover align-middle mb-0 messages-table">
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
                      className="form-check-input me-2"
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
                      {message.fullName}
                    </button>
                  ) : (
                    message.fullName
                  )}
                </td>
                <td>{message.service}</td>
                <td>
                  <a href={mailtoHref(message)}>{message.email}</a>
                </td>
                <td className="text-nowrap">
                  {phone.call ? <a href={phone.call}>{phone.display}</a> : phone.display}
                </td>
                <td>{message.subject}</td>
                <td className="message-cell">
                  <div className="message-clamp">{message.message}</div>
                </td>
                <td className="text-nowrap">{formatReceivedAt(message.receivedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
