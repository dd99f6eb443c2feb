import 'sweetalert2/dist/sweetalert2.css';
import '../styles/popups.scss';
import { POPUPS } from '../../shared/domain/popups.ts';
import { SPAM_MARKING_TEXT } from '../../shared/domain/spam-marking.ts';

import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';

/** SweetAlert2 is loaded only when a popup is about to be needed, never on first paint. */
export function loadPopups() {
  return import('sweetalert2').then((module) => module.default);
}

/**
 * Shows a popup. Over an open modal dialog (the message panel) it goes inside it: the
 * browser makes everything outside a modal dialog unreachable.
 */
async function fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const Swal = await loadPopups();
  const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
  return Swal.fire({ ...options, target: dialog ?? 'body' });
}

/** The message is sent: the original site's popup, or its twin in the page's language. */
export async function showContactSuccess(
  words: { title: string; text: string; confirmButtonText: string } = POPUPS.contactSuccess,
) {
  await fire({
    icon: 'success',
    title: words.title,
    text: words.text,
    confirmButtonText: words.confirmButtonText,
  });
}

export async function showContactFailure(
  detail: string,
  words: { title: string; textPrefix: string; confirmButtonText: string } = POPUPS.contactFailure,
) {
  await fire({
    icon: 'error',
    title: words.title,
    text: `${words.textPrefix}${detail}`,
    confirmButtonText: words.confirmButtonText,
  });
}

export async function showLoginFailure() {
  await fire({
    icon: 'error',
    title: POPUPS.loginFailure.title,
    text: POPUPS.loginFailure.text,
  });
}

/**
 * A Firebase account whose password was right but which has no access to the dashboard (no
 * `admin` claim): it is signed out again, and told why rather than « Invalid Credentials ».
 */
export async function showNotAnAdmin(email: string) {
  await fire({
    icon: 'error',
    title: 'Accès refusé',
    text:
      `Le compte ${email} n’a pas accès au tableau de bord : il est réservé à ` +
      'l’administrateur de l’agence. Connectez-vous avec le compte administrateur, ou ' +
      'demandez-lui de vous donner l’accès.',
  });
}

/** Shows "Login Successful!" with no button and resolves when it has closed itself. */
export async function showLoginSuccess(email: string, durationMs: number) {
  await fire({
    icon: 'success',
    title: POPUPS.loginSuccess.title,
    text: POPUPS.loginSuccess.text(email),
    showConfirmButton: false,
    timer: durationMs,
  });
}

/** A sign-in that failed for another reason than the credentials (throttled, offline…). */
export async function showLoginError(detail: string) {
  await fire({ icon: 'error', title: 'Connexion impossible', text: detail });
}

/**
 * An unknown device while the account is under attack: the server's sentence about the
 * e-mailed link (or why none can be sent).
 */
export async function showNewDevice(text: string) {
  await fire({
    icon: 'info',
    title: 'Nouvel appareil',
    text,
    confirmButtonText: 'J’ai compris',
  });
}

/** The account exists and the owner is signed in: the dashboard comes next. */
export async function showAccountCreated(email: string) {
  await fire({
    icon: 'success',
    title: 'Compte créé',
    text: `Vous êtes connecté en tant que ${email}. À l’avenir, connectez-vous avec cette adresse et ce mot de passe.`,
    confirmButtonText: 'Ouvrir le tableau de bord',
  });
}

/** The first password could not be saved (a used link, the server unreachable…). */
export async function showFirstPasswordError(detail: string) {
  await fire({ icon: 'error', title: 'Création du compte impossible', text: detail });
}

/**
 * Asks before an action: « Annuler » beside the action's button and focused, so that Enter or
 * a stray tap does nothing; resolves true when the owner confirms. A destructive action's
 * button is red.
 */
async function confirmFirst(question: {
  icon: 'warning' | 'question';
  title: string;
  text: string;
  confirm: string;
  cancel?: string;
  destructive?: boolean;
}): Promise<boolean> {
  const result = await fire({
    icon: question.icon,
    title: question.title,
    text: question.text,
    showCancelButton: true,
    confirmButtonText: question.confirm,
    cancelButtonText: question.cancel ?? 'Annuler',
    ...(question.destructive ? { confirmButtonColor: '#dc3545' } : {}),
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** Asks before deleting; resolves true when the owner confirms. */
export function confirmDeletion(count: number): Promise<boolean> {
  return confirmFirst({
    icon: 'warning',
    title: count === 1 ? 'Supprimer ce message ?' : `Supprimer ces ${count} messages ?`,
    text: 'La suppression est définitive : le message ne pourra pas être récupéré.',
    confirm: 'Supprimer',
    destructive: true,
  });
}

/**
 * « Marquer comme indésirable »: asks first, saying where the message goes and how to bring
 * it back; resolves true when the owner confirms. « Annuler » has the focus.
 */
export function confirmMarkSpam(fullName: string): Promise<boolean> {
  return confirmFirst({
    icon: 'question',
    title: SPAM_MARKING_TEXT.confirmTitle,
    text: SPAM_MARKING_TEXT.confirmText(fullName),
    confirm: SPAM_MARKING_TEXT.confirmButton,
    cancel: SPAM_MARKING_TEXT.cancelButton,
  });
}

/** An operation on the inbox failed (the text follows « Action impossible : »). */
export async function showInboxError(detail: string) {
  await fire({ icon: 'error', title: 'Action impossible', text: detail });
}

/**
 * « Se déconnecter partout »: asks first, since every device (this phone, the laptop, the
 * console) will have to sign in again; resolves true when the owner confirms.
 */
export function confirmSignOutEverywhere(): Promise<boolean> {
  return confirmFirst({
    icon: 'warning',
    title: 'Se déconnecter partout ?',
    text:
      'Toutes vos sessions se ferment, sur cet appareil et sur tous les autres (téléphone, ' +
      'ordinateur, console de bureau) : il faudra vous reconnecter partout avec votre mot de ' +
      'passe. À faire si un appareil a été perdu ou volé.',
    confirm: 'Se déconnecter partout',
    destructive: true,
  });
}

/** « Se déconnecter partout » could not reach the backend: nothing was ended anywhere. */
export async function showSignOutEverywhereError(detail: string) {
  await fire({
    icon: 'error',
    title: 'Déconnexion impossible',
    text: `Les autres appareils sont toujours connectés. ${detail}`,
  });
}
