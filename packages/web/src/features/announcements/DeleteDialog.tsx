/**
 * 'Supprimer l'annonce' (spec 2 "My announcements"): the warning, a 3-line preview of the
 * description, Annuler and Supprimer ('Suppression...' while busy).
 */
import { useDialog } from '../../ui/useDialog';
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
  const ref = useDialog<HTMLDivElement>(close);
  return (
    <div className="ann-backdrop" onClick={close}>
      <div
        ref={ref}
        className="ann-modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="ann-delete-title"
        aria-describedby="ann-delete-text"
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
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
      </div>
    </div>
  );
}
