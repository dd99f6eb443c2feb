/**
 * `npm run admin:grant -- <email>`: gives an existing Firebase Authentication account the
 * custom claim `admin: true`, which opens the dashboard (and, by firestore.rules, the
 * messages). A one-time set-up step for the owner; see docs/firebase.md.
 *
 * Credentials, in this order:
 * - FIREBASE_AUTH_EMULATOR_HOST set (e.g. 127.0.0.1:9099): the Auth emulator, no credentials;
 *   the project is FIREBASE_PROJECT_ID / GCLOUD_PROJECT, else the one in .firebaserc;
 * - otherwise Google's application default credentials: GOOGLE_APPLICATION_CREDENTIALS
 *   naming a service-account key file, or `gcloud auth application-default login`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';

const root = path.resolve(import.meta.dirname, '..');
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const USAGE = `Utilisation : npm run admin:grant -- <adresse e-mail>

Donne au compte Firebase Authentication de cette adresse le droit « admin »
(revendication personnalisée admin: true), qui ouvre le tableau de bord.

Variables d'environnement :
  GOOGLE_APPLICATION_CREDENTIALS  chemin de la clé JSON d'un compte de service du projet
  FIREBASE_PROJECT_ID             identifiant du projet (sinon celui de .firebaserc)
  FIREBASE_AUTH_EMULATOR_HOST     hôte:port de l'émulateur Auth, pour travailler en local`;

class UsageError extends Error {}

/** The project: from the environment, else the default of .firebaserc. */
async function projectId(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const fromEnv = env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;
  if (fromEnv) return fromEnv;
  try {
    const rc: unknown = JSON.parse(await readFile(path.join(root, '.firebaserc'), 'utf8'));
    if (typeof rc === 'object' && rc !== null && 'projects' in rc) {
      const { projects } = rc;
      if (typeof projects === 'object' && projects !== null && 'default' in projects) {
        return typeof projects.default === 'string' ? projects.default : undefined;
      }
    }
  } catch {
    // No .firebaserc: the credentials may name the project.
  }
  return undefined;
}

function firebaseCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Adds `admin: true` to the account's claims (keeping any others); returns its uid. */
export async function grantAdmin(auth: Auth, email: string): Promise<string> {
  let user: UserRecord;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if (firebaseCode(error) === 'auth/user-not-found') {
      throw new UsageError(
        `Aucun compte Firebase Authentication n'a l'adresse ${email}. Créez-le d'abord ` +
          '(console Firebase, Authentication, « Ajouter un utilisateur »), puis relancez.',
      );
    }
    throw error;
  }
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, admin: true });
  return user.uid;
}

function explain(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  const code = firebaseCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'app/invalid-credential' || /credential/i.test(detail)) {
    return (
      'Impossible de s’identifier auprès de Firebase. Indiquez la clé JSON d’un compte de ' +
      'service du projet dans GOOGLE_APPLICATION_CREDENTIALS (console Firebase, Paramètres ' +
      'du projet, Comptes de service, « Générer une nouvelle clé privée »), ou lancez ' +
      `« gcloud auth application-default login ». Détail : ${detail}`
    );
  }
  if (code === 'auth/project-not-found' || /project id/i.test(detail)) {
    return (
      'Projet Firebase introuvable : indiquez-le dans FIREBASE_PROJECT_ID (ou .firebaserc). ' +
      `Détail : ${detail}`
    );
  }
  return `Échec : ${detail}`;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let email: string | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(USAGE);
    email = positionals[0]?.trim();
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : USAGE);
    return 2;
  }
  if (!email || !EMAIL.test(email)) {
    console.error(`Adresse e-mail invalide : « ${email ?? ''} ».\n\n${USAGE}`);
    return 2;
  }

  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST;
  const project = await projectId(env);
  let app: App | undefined;
  try {
    app = initializeApp(
      {
        // The emulator accepts any request for its project; no key is read then.
        ...(emulator ? {} : { credential: applicationDefault() }),
        ...(project ? { projectId: project } : {}),
      },
      `admin-grant-${Date.now()}`,
    );
    const uid = await grantAdmin(getAuth(app), email);
    const where = emulator
      ? `l'émulateur Auth (${emulator}, projet ${project ?? 'inconnu'})`
      : `le projet ${project ?? app.options.projectId ?? 'des identifiants'}`;
    console.log(
      `Le compte ${email} (uid ${uid}) est maintenant administrateur dans ${where}.\n` +
        'Il le sera à sa prochaine connexion au tableau de bord (déconnectez-vous puis ' +
        'reconnectez-vous s’il était déjà connecté).',
    );
    return 0;
  } catch (error) {
    console.error(explain(error));
    return 1;
  } finally {
    if (app) await deleteApp(app);
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
