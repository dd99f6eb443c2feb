import { useState } from 'react';
import type {
  Backend,
  OwnerNotifications as OwnerNotificationsPort,
} from '../../../../shared/backend/ports.ts';
import { asSentence, NOTIFICATIONS_BLOCKED } from '../../../../shared/domain/messages.ts';
import { emailChannel } from '../../../../shared/notifications/channels/email.ts';
import { pushChannel } from '../../../../shared/notifications/channels/push.ts';
import { giveUpSpan } from '../../../../shared/notifications/retry-policy.ts';
import { channelFailing } from '../../../../shared/notifications/status.ts';
import { Icon } from '../../../components/icon.tsx';
import { applePushHelp } from './apple-push.ts';
import { ApplePushHelpBox } from './apple-push-help.tsx';
import { ChannelWarnings } from './channel-warnings.tsx';
import { promptInstall, useInstallOffer } from './install-prompt.ts';
import { dateTime, plural } from './status-text.ts';
import { useOwnerNotifications } from './use-owner-notifications.ts';

export interface OwnerNotificationsProps {
  backend: Backend;
  /**
   * Offer push notifications on this device (the web dashboard). The desktop console shows
   * native notifications from its main process instead.
   */
  push: boolean;
}

/**
 * The owner's notifications, above the inbox: a warning when e-mails are failing (with the
 * reason in plain French), « Envoyer un e-mail de test », and « Recevoir les notifications
 * sur cet appareil ». Nothing where the backend has no notifications (the console's relay).
 * Its state and actions are useOwnerNotifications's; the other channels' warnings,
 * ChannelWarnings's.
 */
export function OwnerNotifications({ backend, push }: OwnerNotificationsProps) {
  if (!backend.notifications) return null;
  return <OwnerNotificationsBar port={backend.notifications} push={push} />;
}

function OwnerNotificationsBar({ port, push }: { port: OwnerNotificationsPort; push: boolean }) {
  const { status, device, feedback, testing, testCoolingDown, sendTest, turnOn, turnOff } =
    useOwnerNotifications(port, push);
  // Where push cannot work on an iPhone or iPad, the dashboard says why and what to do.
  const [appleHelp] = useState(() =>
    push && typeof window !== 'undefined' ? applePushHelp() : null,
  );
  const install = useInstallOffer();
  if (!status) return null;
  const email = status[emailChannel.name];
  const failing = email.enabled && channelFailing(email);

  const testButton = email.enabled && port.sendTestEmail && (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm"
      onClick={() => void sendTest()}
      disabled={testing || testCoolingDown}
    >
      {testing ? (
        <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
      ) : (
        <Icon name="send" className="me-1" />
      )}
      Envoyer un e-mail de test
    </button>
  );

  return (
    <section
      aria-label="Notifications"
      className="owner-notifications mb-3"
      data-testid="owner-notifications"
    >
      {failing && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
          <div className="me-auto">
            <strong>Les e-mails de notification ne partent plus.</strong>{' '}
            {email.lastError && (
              <>
                Dernière erreur ({dateTime.format(email.lastFailureAt ?? 0)}) :{' '}
                {email.lastError}{' '}
              </>
            )}
            {email.pending > 0 &&
              `${plural(email.pending, 'e-mail attend', 'e-mails attendent')} : nouvel essai automatique.`}
          </div>
          {testButton}
        </div>
      )}
      <ChannelWarnings status={status} channels={port.channels} />
      {email.failed > 0 && (
        <div className="alert alert-danger" role="alert">
          {plural(
            email.failed,
            'e-mail de notification abandonné',
            'e-mails de notification abandonnés',
          )}{' '}
          après {giveUpSpan(email.giveUpAfterMs)} d’erreurs. Les messages eux-mêmes sont bien ici,
          dans la boîte.
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 small">
        {!failing && (
          <span className="text-body-secondary me-1">
            <Icon name="envelope" className="me-1" />
            {email.enabled === null
              ? 'Notifications par e-mail : leurs réglages seront connus au premier message reçu.'
              : email.enabled
                ? `Chaque message est envoyé par e-mail${email.recipient ? ` à ${email.recipient}` : ''}.`
                : 'Notifications par e-mail désactivées (SMTP_URL non défini sur le serveur).'}
            {email.enabled &&
              (email.digestTime
                ? ` Résumé quotidien à ${email.digestTime} (heure d’Alger), les jours où il y a quelque chose à faire.`
                : ' Résumé quotidien désactivé.')}
          </span>
        )}
        {!failing && testButton}
        {device === 'off' && status[pushChannel.name].publicKey && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => void turnOn()}
          >
            <Icon name="bell" className="me-1" />
            Recevoir les notifications sur cet appareil
          </button>
        )}
        {device === 'busy' && (
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled>
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            Un instant…
          </button>
        )}
        {device === 'on' && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => void turnOff()}
          >
            <Icon name="bell-slash" className="me-1" />
            Ne plus recevoir les notifications sur cet appareil
          </button>
        )}
        {device === 'denied' && (
          <span className="text-body-secondary">{asSentence(NOTIFICATIONS_BLOCKED)}</span>
        )}
        {push && install.available && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => void promptInstall()}
          >
            <Icon name="app-indicator" className="me-1" />
            Installer l’application
          </button>
        )}
      </div>
      {/* Said once the browser has installed it (the button has gone). */}
      <p
        className={`small mb-0 text-success-emphasis${install.installed ? ' mt-2' : ''}`}
        role="status"
      >
        {install.installed &&
          'Application installée : ouvrez la boîte de réception depuis son icône.'}
      </p>
      {appleHelp && <ApplePushHelpBox help={appleHelp} emailOn={email.enabled} />}
      {feedback && (
        <p
          className={`small mt-2 mb-0 ${feedback.ok ? 'text-success-emphasis' : 'text-danger-emphasis'}`}
          role="status"
        >
          {feedback.text}
        </p>
      )}
    </section>
  );
}
