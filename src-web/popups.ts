import 'sweetalert2/dist/sweetalert2.css';
import './styles/popups.scss';
import { POPUPS } from '../shared/domain/popups.ts';

/** SweetAlert2 is loaded only when a popup is about to be needed, never on first paint. */
export function loadPopups() {
  return import('sweetalert2').then((module) => module.default);
}

export async function showContactSuccess() {
  const Swal = await loadPopups();
  await Swal.fire({
    icon: 'success',
    title: POPUPS.contactSuccess.title,
    text: POPUPS.contactSuccess.text,
    confirmButtonText: POPUPS.contactSuccess.confirmButtonText,
  });
}

export async function showContactFailure(detail: string) {
  const Swal = await loadPopups();
  await Swal.fire({
    icon: 'error',
    title: POPUPS.contactFailure.title,
    text: `${POPUPS.contactFailure.textPrefix}${detail}`,
    confirmButtonText: POPUPS.contactFailure.confirmButtonText,
  });
}

export async function showLoginFailure() {
  const Swal = await loadPopups();
  await Swal.fire({
    icon: 'error',
    title: POPUPS.loginFailure.title,
    text: POPUPS.loginFailure.text,
  });
}

/** Shows "Login Successful!" with no button and resolves when it has closed itself. */
export async function showLoginSuccess(email: string, durationMs: number) {
  const Swal = await loadPopups();
  await Swal.fire({
    icon: 'success',
    title: POPUPS.loginSuccess.title,
    text: POPUPS.loginSuccess.text(email),
    showConfirmButton: false,
    timer: durationMs,
  });
}

/** A sign-in that failed for another reason than the credentials (throttled, offline…). */
export async function showLoginError(detail: string) {
  const Swal = await loadPopups();
  await Swal.fire({ icon: 'error', title: 'Connexion impossible', text: detail });
}

/** Asks before deleting; resolves true when the owner confirms. */
export async function confirmDeletion(count: number): Promise<boolean> {
  const Swal = await loadPopups();
  const result = await Swal.fire({
    icon: 'warning',
    title: count === 1 ? 'Supprimer ce message ?' : `Supprimer ces ${count} messages ?`,
    text: 'La suppression est définitive : le message ne pourra pas être récupéré.',
    showCancelButton: true,
    confirmButtonText: 'Supprimer',
    cancelButtonText: 'Annuler',
    confirmButtonColor: '#dc3545',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** An operation on the inbox failed (the text follows « Action impossible : »). */
export async function showInboxError(detail: string) {
  const Swal = await loadPopups();
  await Swal.fire({ icon: 'error', title: 'Action impossible', text: detail });
}
