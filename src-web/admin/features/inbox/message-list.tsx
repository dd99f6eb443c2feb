import { useState } from 'react';
import type { LeadPipeline } from '../../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { CLOSED_STATUSES, type Lead } from '../../../../shared/domain/leads/pipeline.ts';
import type { WorkingHours } from '../../../../shared/domain/leads/business-hours.ts';
import { followUpOf } from '../../../../shared/domain/leads/follow-up.ts';
import { LanguageMark } from './language-mark.tsx';
import { formatListDate, formatReceivedAt, messageExcerpt } from './format-message.ts';
import { isUnanswered, leadOf } from './inbox-view.ts';
import {
  FollowUpBadge,
  formatDinars,
  formatLeadDate,
  TypedInSource,
  UnansweredBadge,
} from './lead-marks.tsx';
import { LeadStatusPicker } from './lead-status-picker.tsx';

/** The pipeline as the list shows it: every lead by message id, and the time for « En retard ». */
export interface ListPipeline {
  port: LeadPipeline;
  leads: ReadonlyMap<string, Lead>;
  now: number;
  /** The working hours of « Réglages », for « Sans réponse ». */
  hours: WorkingHours;
}

export interface MessageListProps {
  messages: readonly ContactMessage[];
  selected: ReadonlySet<string>;
  onToggleSelected: (id: string) => void;
  onOpen: (message: ContactMessage) => void;
  /** Where the backend has one: each card shows its lead's status and changes it. */
  pipeline?: ListPipeline | undefined;
}

/** Under a card: the lead's status (changed in one choice), its follow-up and its value. */
function CardLead({
  message,
  pipeline,
  announce,
}: {
  message: ContactMessage;
  pipeline: ListPipeline;
  announce: (text: string) => void;
}) {
  const lead = leadOf(pipeline.leads, message.id);
  const followUp = followUpOf(lead, pipeline.now);
  return (
    <div className="message-item-lead">
      <LeadStatusPicker
        pipeline={pipeline.port}
        lead={lead}
        name={message.fullName}
        announce={announce}
      />
      <FollowUpBadge followUp={followUp} />
      <UnansweredBadge unanswered={isUnanswered(message, pipeline)} />
      {lead.nextActionAt !== null && !CLOSED_STATUSES.includes(lead.status) && (
        <span className="message-item-next">
          Relancer le{' '}
          <time dateTime={new Date(lead.nextActionAt).toISOString()}>
            {formatLeadDate(lead.nextActionAt)}
          </time>
        </span>
      )}
      {lead.estimatedValue !== null && (
        <span className="message-item-value">{formatDinars(lead.estimatedValue)}</span>
      )}
    </div>
  );
}

/**
 * The received messages on a narrow screen, one item each, as a mail app lists them: the
 * sender, the service, the subject, the start of the message and the date, with a box to
 * select it, and under it the lead's status, follow-up and value. An item opens the whole
 * message; every value is rendered as text.
 */
export function MessageList({
  messages,
  selected,
  onToggleSelected,
  onOpen,
  pipeline,
}: MessageListProps) {
  const [announcement, setAnnouncement] = useState('');
  return (
    <>
      {pipeline && (
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      )}
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
            <div className="message-item-body">
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
                  <LanguageMark language={message.language} /> {message.service}{' '}
                  <TypedInSource message={message} />
                </span>
                <span className="message-item-subject" dir="auto">
                  {message.subject}
                </span>
                <span className="message-item-excerpt" dir="auto">
                  {messageExcerpt(message.message)}
                </span>
              </button>
              {pipeline && (
                <CardLead message={message} pipeline={pipeline} announce={setAnnouncement} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
