/**
 * 'Supprimer l'annonce' (spec 2 "My announcements"): the warning, a 3-line preview of the
 * description, Annuler and Supprimer ('Suppression...' while busy).
 */
import { Dialog } from '../../ui/Dialog';
import { ANN_TEXT } from './texts';

export function DeleteDialog({
  description,
  busy,
  onCancel,
  onConfirm,
}: {
  description: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      backdropClassName="ann-backdrop"
      className="ann-modal"
      role="alertdialog"
      labelledBy="ann-delete-title"
      describedBy="ann-delete-text"
      onClose={close}
    >
      <h2 id="ann-delete-title">{ANN_TEXT.deleteTitle}</h2>
      <p id="ann-delete-text">{ANN_TEXT.deleteText}</p>
      <blockquote className="ann-preview">{description}</blockquote>
      <div className="ann-modal-actions">
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={close}>
          {ANN_TEXT.cancel}
        </button>
        <button type="button" className="btn ann-btn-danger" disabled={busy} onClick={onConfirm}>
          {busy ? ANN_TEXT.deleting : ANN_TEXT.confirmDelete}
        </button>
      </div>
    </Dialog>
  );
}
