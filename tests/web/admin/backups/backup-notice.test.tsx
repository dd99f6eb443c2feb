// @vitest-environment jsdom
/**
 * The dashboard says when the database was last backed up, and warns in words (not colour
 * alone) when that is more than 48 hours ago, or never.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DatabaseBackups } from '../../../../shared/backend/ports.ts';
import { BackupNotice } from '../../../../src-web/admin/features/backups/backup-notice.tsx';

const HOUR = 3_600_000;

function backupsAt(lastBackupAt: number | null, lastError: string | null = null): DatabaseBackups {
  return { status: () => Promise.resolve({ lastBackupAt, lastError }) };
}

describe('the last backup on the dashboard', () => {
  it('shows the date of a recent backup, without a warning', async () => {
    const at = Date.now() - 3 * HOUR;
    render(<BackupNotice backups={backupsAt(at)} />);
    const line = await screen.findByTestId('last-backup');
    expect(line.textContent).toContain('Dernière sauvegarde de la base : ');
    expect(line.textContent).toContain(
      new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' }).format(at),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the last backup is more than 48 hours old', async () => {
    render(<BackupNotice backups={backupsAt(Date.now() - 49 * HOUR)} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Attention, les sauvegardes de la base ne se font plus');
    expect(alert.textContent).toContain('il y a plus de 48 heures');
  });

  it('warns with the reason when the server’s tries fail', async () => {
    render(<BackupNotice backups={backupsAt(null, 'ENOSPC: no space left on device')} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('aucune n’a encore réussi');
    expect(alert.textContent).toContain('Dernière erreur : ENOSPC: no space left on device');
  });

  it('says the first backup is on its way, without alarm, on a fresh start', async () => {
    render(<BackupNotice backups={backupsAt(null)} />);
    expect((await screen.findByTestId('last-backup')).textContent).toContain(
      'Première sauvegarde de la base en cours.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
