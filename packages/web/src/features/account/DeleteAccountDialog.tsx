/**
 * 'Supprimer mon compte' (issue 9, beyond spec 2 where it is not wired): what goes and what
 * stays, 'Télécharger mes données' first, then the password — or, for an account without one
 * (Google), a fresh code sent by e-mail — and 'Supprimer définitivement'.
 */
import { useState, type FormEvent } from 'react';
import { OTP_LENGTH } from '@app/shared';
import { firstError, type ApiResult } from '../../api/client';
import { deleteAccount, downloadAccountData, requestDeletionCode } from '../../api/useAccount';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { ACCOUNT_TEXT } from './texts';

const messageOf = (res: ApiResult<unknown>, fallback: string) =>
  res.httpStatus === 0 ? ACCOUNT_TEXT.network : firstError(res) || fallback;

export function DeleteAccountDialog({
  hasPassword,
  onDeleted,
  onClose,
}: {
  hasPassword: boolean;
  onDeleted: (message: string) => void;
  onClose: () => void;
}) {
  const [secret, setSecret] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState<'download' | 'code' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleDownload() {
    setBusy('download');
    const res = await downloadAccountData();
    setBusy(null);
    if (!res.success) toast.error(messageOf(res, ACCOUNT_TEXT.downloadError));
  }

  async function handleSendCode() {
    setBusy('code');
    const res = await requestDeletionCode();
    setBusy(null);
    if (res.success) {
      setCodeSent(true);
      toast.info(res.message || ACCOUNT_TEXT.codeSent);
    } else {
      setError(messageOf(res, ACCOUNT_TEXT.deleteError));
    }
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const value = secret.trim();
    if (!value)
      return setError(hasPassword ? ACCOUNT_TEXT.passwordRequired : ACCOUNT_TEXT.codeRequired);
    setBusy('delete');
    setError(null);
    const res = await deleteAccount(hasPassword ? { password: secret } : { code: value });
    if (res.success) return onDeleted(res.message || ACCOUNT_TEXT.deleted);
    setBusy(null);
    setError(messageOf(res, ACCOUNT_TEXT.deleteError));
  }

  const canSubmit = hasPassword || codeSent;
  return (
    <Dialog
      className="modal delete-modal"
      labelledBy="delete-title"
      closeOnBackdrop={false}
      onClose={onClose}
    >
      <h2 id="delete-title">{ACCOUNT_TEXT.deleteTitle}</h2>
      <p className="delete-warning">{ACCOUNT_TEXT.deleteWarning}</p>
      <p>{ACCOUNT_TEXT.deleteWhat}</p>
      <p className="muted">{ACCOUNT_TEXT.deleteKept}</p>
      <button
        type="button"
        className="btn btn-ghost btn-block"
        onClick={() => void handleDownload()}
        disabled={busy !== null}
      >
        {busy === 'download' ? ACCOUNT_TEXT.downloading : ACCOUNT_TEXT.download}
      </button>
      <form className="delete-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        {hasPassword ? (
          <div className="field">
            <label htmlFor="delete-password">{ACCOUNT_TEXT.passwordLabel}</label>
            <span className="field-hint">{ACCOUNT_TEXT.passwordHelp}</span>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              aria-invalid={!!error}
            />
          </div>
        ) : (
          <>
            <p className="field-hint">{ACCOUNT_TEXT.codeHelp}</p>
            <button
              type="button"
              className="btn btn-link"
              onClick={() => void handleSendCode()}
              disabled={busy !== null}
            >
              {codeSent ? ACCOUNT_TEXT.resendCode : ACCOUNT_TEXT.sendCode}
            </button>
            {codeSent && (
              <div className="field">
                <label htmlFor="delete-code">{ACCOUNT_TEXT.codeLabel}</label>
                <input
                  id="delete-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={OTP_LENGTH}
                  value={secret}
                  onChange={(e) => setSecret(e.target.value.replace(/\D/g, ''))}
                  aria-invalid={!!error}
                />
              </div>
            )}
          </>
        )}
        <div role="alert" className="field-error-slot">
          {error && <p className="field-error">{error}</p>}
        </div>
        <button
          type="submit"
          className="btn btn-danger btn-block"
          disabled={busy !== null || !canSubmit}
        >
          {busy === 'delete' ? ACCOUNT_TEXT.deleting : ACCOUNT_TEXT.confirmDelete}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={onClose}
          disabled={busy === 'delete'}
        >
          {ACCOUNT_TEXT.cancel}
        </button>
      </form>
    </Dialog>
  );
}
