import { useEffect, useState } from 'react';
import type { DatabaseBackups } from '../../../../shared/backend/ports.ts';
import { BACKUP_STALE_MS, type BackupStatus } from '../../../../shared/backup/status.ts';
import { Icon } from '../../../components/icon.tsx';

/** Read again this often while the dashboard is open (a backup is written once a day). */
const REFRESH_MS = 10 * 60_000;

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/**
 * The date of the last backup of the embedded server's database, and a warning in words when
 * there has been none for two days: the leads would then live on one disk only.
 */
export function BackupNotice({ backups }: { backups: DatabaseBackups }) {
  const [status, setStatus] = useState<BackupStatus | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let live = true;
    const read = () =>
      backups.status().then(
        (next) => {
          if (!live) return;
          setStatus(next);
          setNow(Date.now());
        },
        () => {
          // Unread (offline, session over): the inbox says so already; nothing shown.
        },
      );
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [backups]);

  if (status === null) return null;
  const { lastBackupAt, lastError } = status;
  const stale = lastBackupAt !== null && now - lastBackupAt > BACKUP_STALE_MS;
  if (!stale && lastError === null) {
    return (
      <p className="small text-body-secondary mb-3" data-testid="last-backup">
        <Icon name="shield-check" className="me-1" />
        {lastBackupAt === null
          ? 'Première sauvegarde de la base en cours.'
          : `Dernière sauvegarde de la base : ${dateTime.format(lastBackupAt)}.`}
      </p>
    );
  }
  return (
    <div className="alert alert-warning" role="alert" data-testid="last-backup">
      <Icon name="shield-exclamation" className="me-1" />
      <strong>Attention, les sauvegardes de la base ne se font plus : </strong>
      {lastBackupAt === null
        ? 'aucune n’a encore réussi.'
        : `la dernière date du ${dateTime.format(lastBackupAt)}${stale ? ', il y a plus de 48 heures' : ''}.`}{' '}
      {lastError && (
        <>Dernière erreur : {/[.!?]$/.test(lastError) ? lastError : `${lastError}.`} </>
      )}
      Vos messages ne sont plus que sur un seul disque : vérifiez l’espace disque et le journal du
      serveur, ou lancez npm run backup (docs/deploy.md).
    </div>
  );
}
