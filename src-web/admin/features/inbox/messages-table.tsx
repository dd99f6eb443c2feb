import type { MouseEvent } from 'react';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import type { WorkingHours } from '../../../../shared/domain/leads/business-hours.ts';
import type { Lead, ReplyChannel } from '../../../../shared/domain/leads/pipeline.ts';
import { TABLE_COLUMNS, type RowContext } from './columns.tsx';
import { leadOf } from './inbox-view.ts';

export interface MessagesTableProps {
  messages: readonly ContactMessage[];
  /** Number shown in the # column for the first row (the rows of page 2 start at 51). */
  firstNumber?: number;
  selected?: ReadonlySet<string>;
  onToggleSelected?: (id: string) => void;
  onOpen?: (message: ContactMessage) => void;
  /** Where the backend has one: each row shows its lead's status and follow-up. */
  pipeline?: { leads: ReadonlyMap<string, Lead>; now: number; hours: WorkingHours } | undefined;
  /** A reply shortcut of a row was used (for the lead's timeline). */
  onReply?: (message: ContactMessage, channel: ReplyChannel) => void;
}

/**
 * Received messages on a wide screen, in the columns of columns.tsx. The columns have fixed
 * widths, so that every one stays on screen whatever a message holds: a long value is cut
 * with an ellipsis, its whole text in a tooltip and in the message panel. Every value is
 * rendered as text, never as markup.
 */
export function MessagesTable({
  messages,
  firstNumber = 1,
  selected,
  onToggleSelected,
  onOpen,
  pipeline,
  onReply,
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
        <colgroup>
          {TABLE_COLUMNS.map(({ header, width }) => (
            <col key={header} style={width === undefined ? undefined : { width }} />
          ))}
        </colgroup>
        <thead className="table-light">
          <tr>
            {TABLE_COLUMNS.map(({ header }) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {messages.map((message, index) => {
            const row: RowContext = {
              number: firstNumber + index,
              selected,
              onToggleSelected,
              onOpen,
              lead: pipeline && {
                lead: leadOf(pipeline.leads, message.id),
                now: pipeline.now,
                hours: pipeline.hours,
              },
              onReply,
            };
            return (
              <tr
                key={message.id}
                data-message-id={message.id}
                className={message.read ? 'message-read' : 'message-unread'}
                onClick={onOpen ? (event) => openFromRow(event, message) : undefined}
              >
                {TABLE_COLUMNS.map(({ header, rowHeader, className, cell }) =>
                  rowHeader ? (
                    <th key={header} scope="row" className={className}>
                      {cell(message, row)}
                    </th>
                  ) : (
                    <td key={header} className={className}>
                      {cell(message, row)}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
