import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { VapidKeys } from '../../shared/node/push-transport.ts';

/** Where the generated key pair is kept, in DATA_DIR, readable by the server's user only. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const storedKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The push notifications' key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given,
 * else the pair generated on the first start into DATA_DIR. The same pair must stay: the
 * browsers' subscriptions are tied to its public key.
 */
export function loadVapidKeys(
  dataDir: string,
  configured: { publicKey?: string | undefined; privateKey?: string | undefined },
): VapidKeys {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  if (text !== undefined) {
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch {
      stored = undefined;
    }
    const parsed = storedKeysSchema.safeParse(stored);
    if (!parsed.success) {
      throw new Error(
        `${file} est illisible : supprimez-le (une nouvelle paire sera créée, et chaque appareil devra réactiver les notifications).`,
      );
    }
    return parsed.data;
  }
  const keys = webpush.generateVAPIDKeys();
  // Written whole or not at all: a crash mid-write must not leave half a key.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return keys;
}
