/**
 * The 'Mode anonyme' bottom sheet (spec 2 "Account menu"): what hiding one's identity does,
 * 'Annuler' and 'Activer' or 'Désactiver'. The flag lives on the server. The sheet slides away
 * in 300 ms before it is gone (spec 2 §9).
 */
import { HatGlasses } from 'lucide-react';
import { useState } from 'react';
import { SHEET_CLOSE_MS } from '@app/shared';
import { useDialog } from '../../ui/useDialog';
import { ACCOUNT_TEXT } from './texts';

export function AnonymousSheet({
  enabled,
  busy,
  onConfirm,
  onClose,
}: {
  enabled: boolean;
  busy: boolean;
  onConfirm: (next: boolean) => Promise<boolean>;
  onClose: () => void;
}) {
  const [closing, setClosing] = useState(false);
  const close = () => {
    setClosing(true);
    setTimeout(onClose, SHEET_CLOSE_MS);
  };
  const dialog = useDialog<HTMLDivElement>(close);

  async function handleConfirm() {
    if (await onConfirm(!enabled)) close();
  }

  return (
    <div className={closing ? 'sheet-backdrop closing' : 'sheet-backdrop'} onClick={close}>
      <div
        ref={dialog}
        className="sheet account-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="anonymous-title"
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="sheet-grip" aria-hidden />
        <h2 id="anonymous-title">
          <HatGlasses /> {ACCOUNT_TEXT.anonymousTitle}
        </h2>
        <p>{ACCOUNT_TEXT.anonymousLead}</p>
        <p className="muted">{ACCOUNT_TEXT.anonymousStill}</p>
        <div className="sheet-actions">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            {ACCOUNT_TEXT.cancel}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void handleConfirm()}
            disabled={busy}
          >
            {enabled ? ACCOUNT_TEXT.deactivate : ACCOUNT_TEXT.activate}
          </button>
        </div>
      </div>
    </div>
  );
}
