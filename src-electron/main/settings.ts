import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { DesktopSettings } from '../../shared/ipc/contract.ts';

/** The embedded server's address on the owner's own computer (`npm start`). */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:3000';

export const DEFAULT_SETTINGS: DesktopSettings = {
  backend: { kind: 'server', url: DEFAULT_SERVER_URL },
  openAtLogin: false,
};

export const SETTINGS_FILE_NAME = 'settings.json';

const INVALID_URL =
  'Saisissez une adresse http:// ou https:// valide, par exemple http://127.0.0.1:3000.';
const REMOTE_HTTP =
  'Pour un serveur sur un autre ordinateur, l’adresse doit commencer par https:// : en http://, le mot de passe et les messages passeraient en clair sur le réseau. http:// ne convient que pour cet ordinateur (127.0.0.1 ou localhost).';

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** This computer: localhost (and its subdomains), 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

/**
 * The server's address: http(s), no credentials, query or fragment; no trailing slash. Plain
 * http only to this computer: anywhere else the session cookie, the password and the
 * messages would cross the network unencrypted.
 */
const serverUrlSchema = z
  .string({ error: INVALID_URL })
  .trim()
  .min(1, 'Ce champ est obligatoire.')
  .max(2048, 'Adresse trop longue.')
  .refine((value) => {
    const url = parseUrl(value);
    return (
      url !== null &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === ''
    );
  }, INVALID_URL)
  .refine((value) => {
    const url = parseUrl(value);
    return url === null || url.protocol === 'https:' || isLoopbackHost(url.hostname);
  }, REMOTE_HTTP)
  .transform((value) => value.replace(/\/+$/, ''));

const firebaseValue = z.string().trim().min(1, 'Ce champ est obligatoire.').max(300);

export const backendSettingsSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('server'), url: serverUrlSchema }),
  z.strictObject({
    kind: z.literal('firebase'),
    config: z.strictObject({
      apiKey: firebaseValue,
      authDomain: firebaseValue,
      projectId: firebaseValue,
      appId: firebaseValue,
    }),
  }),
]);

export const desktopSettingsSchema = z.strictObject({
  backend: backendSettingsSchema,
  openAtLogin: z.boolean(),
});

export type SettingsParseResult =
  { ok: true; settings: DesktopSettings } | { ok: false; fields: Record<string, string> };

/** Validates settings from the renderer or the file; field messages are in French. */
export function parseSettings(input: unknown): SettingsParseResult {
  const parsed = desktopSettingsSchema.safeParse(input);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

export function settingsFile(userDataDir: string): string {
  return path.join(userDataDir, SETTINGS_FILE_NAME);
}

export interface LoadedSettings {
  settings: DesktopSettings;
  /** Why the file was not used, when it was there but unreadable or invalid. */
  problem?: string;
}

/** The saved settings, or the defaults when there are none (or they are invalid). */
export async function loadSettings(file: string): Promise<LoadedSettings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: DEFAULT_SETTINGS };
    return { settings: DEFAULT_SETTINGS, problem: `lecture impossible : ${String(error)}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { settings: DEFAULT_SETTINGS, problem: 'fichier JSON illisible' };
  }
  const parsed = parseSettings(json);
  if (parsed.ok) return { settings: parsed.settings };
  return {
    settings: DEFAULT_SETTINGS,
    problem: `réglages invalides (${Object.keys(parsed.fields).join(', ')})`,
  };
}

/** Writes the settings atomically (a half-written file never replaces a good one). */
export async function saveSettings(file: string, settings: DesktopSettings): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
