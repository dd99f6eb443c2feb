/** The dashboard's modal dialogs use the hook the client's quote page shares (src-web/lib). */
export { useModalDialog } from '../../lib/use-modal-dialog.ts';
