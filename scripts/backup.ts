/**
 * `npm run backup`: writes a backup of the database now, while the server runs or not, into
 * BACKUP_DIR (DATA_DIR/backups by default), and prints its path (docs/deploy.md).
 */
import { loadConfig, readSettings } from '../src-server/config.ts';
import {
  backupDirectory,
  messagesCount,
  writeBackup,
} from '../src-server/backup/database-backups.ts';

try {
  // The same settings as npm start: .env of the project's root, under the environment.
  const config = loadConfig(readSettings(process.env, process.cwd()).env);
  const { file, messages } = await writeBackup(
    config.DATA_DIR,
    backupDirectory(config),
    Date.now(),
  );
  console.log(`Sauvegarde écrite (${messagesCount(messages)}, intégrité vérifiée) :`);
  console.log(file);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
