/**
 * `npm run restore -- FICHIER`: puts a backup in place of the database, the server stopped;
 * the database it replaces is kept beside it (docs/deploy.md).
 */
import path from 'node:path';
import { loadConfig, readSettings } from '../src-server/config.ts';
import { messagesCount, restoreBackup } from '../src-server/backup/database-backups.ts';

const file = process.argv[2];
if (!file) {
  console.error(
    'Indiquez la sauvegarde à restaurer, par exemple : npm run restore -- data/backups/agence-2026-11-26T03-00-00-000Z.sqlite',
  );
  process.exit(1);
}
try {
  // The same settings as npm start: .env of the project's root, under the environment.
  const config = loadConfig(readSettings(process.env, process.cwd()).env);
  const { restored, kept, signedOut } = restoreBackup(
    path.resolve(file),
    config.DATA_DIR,
    Date.now(),
  );
  console.log(
    `Sauvegarde restaurée : ${messagesCount(restored.messages)}, intégrité vérifiée, dans ${path.resolve(config.DATA_DIR)}.`,
  );
  console.log(
    kept
      ? `La base remplacée est gardée à côté : ${kept}`
      : 'Il n’y avait pas de base à remplacer.',
  );
  // Sessions, links and devices of the backup may have been revoked since: none comes back.
  const ended = signedOut.sessions + signedOut.links + signedOut.devices;
  console.log(
    ended > 0
      ? `Les sessions ouvertes au moment de la sauvegarde (${signedOut.sessions}), ses liens à usage unique (${signedOut.links}) et ses appareils reconnus (${signedOut.devices}) sont effacés : après le redémarrage, reconnectez-vous au tableau de bord et à la console avec votre mot de passe.`
      : 'Aucune session n’est restaurée : après le redémarrage, reconnectez-vous au tableau de bord et à la console avec votre mot de passe.',
  );
  console.log('Vous pouvez redémarrer le serveur.');
} catch (error) {
  console.error(`Restauration refusée : ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
