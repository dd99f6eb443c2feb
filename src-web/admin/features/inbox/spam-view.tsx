import { useEffect, useRef, useState } from 'react';
import { failureText } from '../../../../shared/backend/ports.ts';
import {
  SPAM_REASONS,
  SPAM_RETENTION_DAYS,
  type SpamMessage,
} from '../../../../shared/domain/contact.ts';
import { displayPhone } from '../../../../shared/domain/phone.ts';
import { Icon } from '../../../components/icon.tsx';
import { confirmDeletion, showInboxError } from '../../../lib/popups.ts';
import { formatReceivedAt, messageExcerpt } from './format-message.ts';
import { LanguageMark } from './language-mark.tsx';
import type { SpamState } from './use-spam.ts';

function SpamItem({
  message,
  busy,
  onRestore,
  onDelete,
}: {
  message: SpamMessage;
  busy: boolean;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const nameId = `spam-${message.id}-name`;
  return (
    <li className="spam-item" data-message-id={message.id} aria-labelledby={nameId}>
      <div className="spam-item-line">
        <span id={nameId} className="spam-item-name" dir="auto">
          {message.fullName}
        </span>
        <time
          className="spam-item-date"
          dateTime={
            message.receivedAt === null ? undefined : new Date(message.receivedAt).toISOString()
          }
        >
          {formatReceivedAt(message.receivedAt)}
        </time>
      </div>
      <div className="spam-item-sender">
        <span dir="ltr">{message.email}</span>
        <span aria-hidden="true"> · </span>
        <span dir="ltr">{displayPhone(message.phone)}</span>
        <span aria-hidden="true"> · </span>
        <LanguageMark language={message.language} /> {message.service ?? ''}
      </div>
      <p className="spam-item-subject" dir="auto">
        {message.subject}
      </p>
      <p className="spam-item-excerpt" dir="auto">
        {messageExcerpt(message.message)}
      </p>
      <div className="spam-item-actions">
        <span className="spam-reason">
          <Icon name="shield-exclamation" className="me-1" />
          Raison : {SPAM_REASONS[message.spamReason]}
          {message.markedAt !== null && <> le {formatReceivedAt(message.markedAt)}</>}
        </span>
        <span className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={onRestore}
            aria-describedby={nameId}
          >
            <Icon name="inbox" className="me-1" />
            Pas un indésirable
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={busy}
            onClick={onDelete}
            aria-describedby={nameId}
          >
            <Icon name="trash3" className="me-1" />
            Supprimer
          </button>
        </span>
      </div>
    </li>
  );
}

/**
 * « Indésirables »: the messages kept aside because their hidden field was filled (or sent too
 * fast, or marked by the owner), apart from the inbox, with their reason and date. « Pas un indésirable » moves one to the inbox (the
 * owner is then notified of it as of a new message); the others go after 30 days.
 */
export function SpamView({ state }: { state: SpamState }) {
  const { spam, error, restore, remove } = state;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const { reload } = state;

  // Opened: the list as it is now (it is not live).
  useEffect(reload, [reload]);

  const act = async (message: SpamMessage, action: 'restore' | 'delete') => {
    if (action === 'delete' && !(await confirmDeletion(1))) return;
    setBusyId(message.id);
    try {
      if (action === 'restore') await restore(message.id);
      else await remove([message.id]);
      setNotice(
        action === 'restore'
          ? `Le message de ${message.fullName} est maintenant dans la boîte de réception.`
          : `Le message de ${message.fullName} a été supprimé.`,
      );
      // Its item is gone: the owner goes on from the top of the list.
      heading.current?.focus();
    } catch (failure) {
      void showInboxError(failureText(failure));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section aria-labelledby="spam-heading" className="spam-view">
      <h2 id="spam-heading" ref={heading} tabIndex={-1} className="h5 mb-2">
        Indésirables
      </h2>
      <p className="text-body-secondary small mb-3">
        Les messages qui ressemblent à l’œuvre d’un robot (champ caché du formulaire rempli, envoi
        quelques secondes à peine après l’ouverture de la page) sont gardés ici, à part de la boîte
        de réception et sans notification, puis supprimés {SPAM_RETENTION_DAYS} jours après leur
        réception. Le navigateur d’un vrai client a pu remplir le champ caché : si c’est le cas,
        cliquez sur « Pas un indésirable ». Ceux que vous avez marqués comme indésirables y restent{' '}
        {SPAM_RETENTION_DAYS} jours à partir de ce jour-là, et reviennent dans la boîte avec leur
        suivi.
      </p>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice && (
        <div className="alert alert-success py-2" aria-hidden="true">
          {notice}
        </div>
      )}
      {error ? (
        <div className="alert alert-danger" role="alert">
          Impossible de charger les indésirables : {error.message}
        </div>
      ) : spam === null ? (
        <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          Chargement des indésirables…
        </div>
      ) : spam.length === 0 ? (
        <div className="text-center py-5 bg-white rounded-3 shadow-sm">
          <Icon name="shield-check" size="3rem" className="text-body-secondary mb-3" />
          <p className="h5">Aucun indésirable.</p>
          <p className="text-body-secondary mb-0">
            Les messages écartés comme indésirables apparaîtront ici.
          </p>
        </div>
      ) : (
        <ul
          className="spam-list list-unstyled mb-0 bg-white rounded-3 shadow-sm"
          aria-label="Indésirables"
        >
          {spam.map((message) => (
            <SpamItem
              key={message.id}
              message={message}
              busy={busyId === message.id}
              onRestore={() => void act(message, 'restore')}
              onDelete={() => void act(message, 'delete')}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
