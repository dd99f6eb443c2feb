import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { displayPhone, formatTimestamp } from './format-message.ts';

/** The columns of spec section 2, word for word. */
export const DASHBOARD_COLUMNS = [
  '#',
  'Nom Complet',
  'Service',
  'Email',
  'Téléphone',
  'Sujet',
  'Message',
  "Date d'Enregistrement",
] as const;

/** Received messages; every value is rendered as text, never as markup. */
export function MessagesTable({ messages }: { messages: readonly ContactMessage[] }) {
  return (
    <div className="table-responsive bg-white rounded-3 shadow-sm">
      <table className="table table-hover align-middle mb-0 messages-table">
        <caption className="visually-hidden">Messages reçus, du plus récent au plus ancien</caption>
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
          {messages.map((message, index) => (
            <tr key={message.id}>
              <th scope="row">{index + 1}</th>
              <td>{message.fullName}</td>
              <td>{message.service}</td>
              <td>
                <a href={`mailto:${message.email}`}>{message.email}</a>
              </td>
              <td className="text-nowrap">
                <a href={`tel:${displayPhone(message.phone)}`}>{displayPhone(message.phone)}</a>
              </td>
              <td>{message.subject}</td>
              <td className="message-cell">{message.message}</td>
              <td className="text-nowrap">{formatTimestamp(message.timestamp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
