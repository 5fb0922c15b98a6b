/**
 * The 'Mode anonyme' bottom sheet (spec 2 "Account menu"): what hiding one's identity does,
 * 'Annuler' and 'Activer' or 'Désactiver'. The flag lives on the server. The sheet slides away
 * in 300 ms before it is gone (spec 2 §9).
 */
import { HatGlasses } from 'lucide-react';
import { Sheet, useClosing } from '../../ui/Sheet';
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
  const { closing, close } = useClosing(onClose);

  async function handleConfirm() {
    if (await onConfirm(!enabled)) close();
  }

  return (
    <Sheet
      look="page"
      className="account-sheet"
      closing={closing}
      labelledBy="anonymous-title"
      onClose={close}
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
    </Sheet>
  );
}
