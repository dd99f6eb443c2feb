import { languageOfPage, textsLanguage, type Language } from '../../../../shared/domain/routes.ts';
import { SERVICE_PARAM, SUBJECT_PARAM } from '../../contact-link.ts';
import { loadDeferredStylesheet } from '../../browser/stylesheet.ts';

/** Marks where the contact form goes; the same element is its React root in the browser. */
export const CONTACT_FORM_SLOT_ATTRIBUTE = 'data-contact-form';

/** Shown under the form when its code could not be downloaded (offline, say), per language. */
export const LOAD_ERROR_MESSAGES = {
  fr: 'Le formulaire n’a pas pu se charger. Vérifiez votre connexion, puis appuyez de nouveau sur « Envoyer le message ».',
  ar: 'تعذّر تحميل الاستمارة. تحقّقوا من اتصالكم، ثم اضغطوا مجددًا على « إرسال الرسالة ».',
} as const;

/** The page's language, as its <html lang> says (the build writes it from the address). */
function pageLanguage(): Language {
  return languageOfPage(document.documentElement.lang);
}

/** How close the form must come to the screen before its code is fetched. */
const APPROACH_MARGIN = '200px 0px';

/** The send button's two looks, as contact-form.tsx renders them. */
function setSendingLook(form: HTMLFormElement, sending: boolean) {
  const button = form.querySelector<HTMLButtonElement>('[data-send-button]');
  if (!button) return;
  button.disabled = sending;
  button.querySelector<HTMLElement>('[data-send-idle]')?.toggleAttribute('hidden', sending);
  button.querySelector<HTMLElement>('[data-send-busy]')?.toggleAttribute('hidden', !sending);
  form.setAttribute('aria-busy', String(sending));
}

/**
 * An order link names its service and its subject (the plan and its price) in the address:
 * fill them in at once, before the form's code arrives (which then reads the fields as they
 * are), leaving alone what the visitor has already chosen or typed. The subject stays
 * editable.
 */
function prefillOrder(form: HTMLFormElement) {
  const order = new URLSearchParams(window.location.search);
  const service = order.get(SERVICE_PARAM);
  const subject = order.get(SUBJECT_PARAM)?.trim();
  const select = form.querySelector<HTMLSelectElement>('select[name="service"]');
  if (service && select && !select.value) {
    if ([...select.options].some((option) => option.value === service)) select.value = service;
  }
  const subjectField = form.querySelector<HTMLInputElement>('input[name="subject"]');
  if (subject && subjectField && !subjectField.value) {
    // Within the field's own limit (its maxlength), as if typed.
    subjectField.value =
      subjectField.maxLength > 0 ? subject.slice(0, subjectField.maxLength) : subject;
  }
}

function showLoadError(slot: HTMLElement, shown: boolean) {
  let note = slot.nextElementSibling;
  if (!note?.hasAttribute('data-contact-form-error')) {
    if (!shown) return;
    note = document.createElement('p');
    note.setAttribute('data-contact-form-error', '');
    note.setAttribute('role', 'alert');
    note.className = 'text-danger fw-semibold mt-3 mb-0';
    note.textContent = LOAD_ERROR_MESSAGES[textsLanguage(pageLanguage())];
    slot.after(note);
  }
  note.toggleAttribute('hidden', !shown);
}

/**
 * The prerendered contact form works before its code has arrived: that code (React, the
 * form library, validation: the heaviest part of the site) and the full stylesheet are
 * fetched when the form comes near the screen or the visitor touches it, and a visitor who
 * taps « Envoyer » first sees the button sending at once; the form then hydrates, keeps what
 * was typed, and sends.
 */
export function loadContactFormWhenNeeded(slot: HTMLElement): () => void {
  const form = slot.querySelector('form');
  if (!form) return () => undefined;
  let state: 'waiting' | 'loading' | 'hydrated' = 'waiting';
  let submitRequested = false;
  prefillOrder(form);

  const stopWatching = () => {
    observer.disconnect();
    slot.removeEventListener('focusin', load);
    slot.removeEventListener('pointerdown', load);
    slot.removeEventListener('touchstart', load);
  };

  function load() {
    if (state !== 'waiting') return;
    state = 'loading';
    // The form's error and sending states are in the full stylesheet.
    loadDeferredStylesheet();
    import('./contact-form-island.tsx').then(
      ({ hydrateContactForm }) => {
        state = 'hydrated';
        stopWatching();
        hydrateContactForm(slot, { submitOnStart: submitRequested, language: pageLanguage() });
      },
      () => {
        // Offline: the next touch or tap tries again.
        state = 'waiting';
        if (!submitRequested) return;
        submitRequested = false;
        if (form) setSendingLook(form, false);
        showLoadError(slot, true);
      },
    );
  }

  // Never a native submission (it would put the message in the page's address); before the
  // form's code has arrived, the tap is remembered and the button shows it is sending.
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (state === 'hydrated' || submitRequested) return;
    submitRequested = true;
    showLoadError(slot, false);
    setSendingLook(form, true);
    load();
  };

  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    },
    { rootMargin: APPROACH_MARGIN },
  );
  observer.observe(slot);
  slot.addEventListener('focusin', load);
  slot.addEventListener('pointerdown', load);
  slot.addEventListener('touchstart', load, { passive: true });
  form.addEventListener('submit', onSubmit);

  return () => {
    stopWatching();
    form.removeEventListener('submit', onSubmit);
  };
}

/** Every contact form of the page. */
export function loadContactForms(root: ParentNode = document): void {
  for (const slot of root.querySelectorAll<HTMLElement>(`[${CONTACT_FORM_SLOT_ATTRIBUTE}]`)) {
    loadContactFormWhenNeeded(slot);
  }
}
