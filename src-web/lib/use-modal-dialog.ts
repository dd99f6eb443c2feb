import { useEffect, useRef, type RefObject } from 'react';

interface ModalDialogOptions {
  /** What takes the focus once open: a selector within the dialog. */
  initialFocus: string;
  /** A click on the backdrop (the dialog element itself, around its content) closes it. */
  closeOnBackdrop?: boolean;
}

/**
 * A modal `<dialog>` owned by a component (the message panel, the quote editor, « Nouveau
 * contact », the client's confirmation of its answer on the quote page): shown as it mounts,
 * `initialFocus` focused; Escape (the browser's close) calls `onClose`, except while a popup
 * shown over it (a confirmation) takes Escape for itself; on unmount it closes and gives the
 * focus back to what opened it.
 */
export function useModalDialog(
  onClose: () => void,
  { initialFocus, closeOnBackdrop = false }: ModalDialogOptions,
): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onNativeClose = () => closeRef.current();
    const onCancel = (event: Event) => {
      if (element.querySelector('.swal2-container')) event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (closeOnBackdrop && event.target === element) closeRef.current();
    };
    element.addEventListener('close', onNativeClose);
    element.addEventListener('cancel', onCancel);
    element.addEventListener('click', onClick);
    element.showModal();
    element.querySelector<HTMLElement>(initialFocus)?.focus();
    return () => {
      element.removeEventListener('close', onNativeClose);
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('click', onClick);
      element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus, closeOnBackdrop]);

  return dialog;
}
