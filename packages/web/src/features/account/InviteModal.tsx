/**
 * 'Inviter des amis' (spec 2 "Account menu"): the member's invitation code and the sign-up
 * link carrying it, each with a copy button whose confirmation shows 2 s, and the phone's
 * share sheet where there is one.
 */
import { Gift, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CODE_COPY_CONFIRM_MS } from '@app/shared';
import { Dialog } from '../../ui/Dialog';
import { copyToClipboard } from '../../lib/copyToClipboard';
import { ACCOUNT_TEXT } from './texts';

type Copied = 'code' | 'link' | null;

export function InviteModal({ code, onClose }: { code: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState<Copied>(null);
  const codeRef = useRef<HTMLParagraphElement>(null);
  const linkRef = useRef<HTMLParagraphElement>(null);
  const link = code ? `${location.origin}/signup?code=${encodeURIComponent(code)}` : '';

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(null), CODE_COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [copied]);

  async function handleCopy(what: 'code' | 'link') {
    const ok =
      what === 'code'
        ? await copyToClipboard(code ?? '', codeRef.current)
        : await copyToClipboard(link, linkRef.current);
    if (ok) setCopied(what);
  }

  async function handleShare() {
    if (!code) return;
    await navigator
      .share({ title: ACCOUNT_TEXT.inviteTitle, text: ACCOUNT_TEXT.shareText(code), url: link })
      .catch(() => undefined);
  }

  return (
    <Dialog className="modal invite-modal" labelledBy="invite-title" onClose={onClose}>
      <button
        type="button"
        className="icon-btn modal-close"
        aria-label={ACCOUNT_TEXT.close}
        onClick={onClose}
      >
        <X />
      </button>
      <div className="reward-hero" aria-hidden>
        <Gift />
      </div>
      <h2 id="invite-title">{ACCOUNT_TEXT.inviteTitle}</h2>
      <p className="muted">{ACCOUNT_TEXT.inviteLead}</p>
      {code ? (
        <>
          <p className="invite-label">{ACCOUNT_TEXT.inviteCodeLabel}</p>
          <p ref={codeRef} className="invite-code" data-testid="invitation-code">
            {code}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => void handleCopy('code')}
          >
            {copied === 'code' ? ACCOUNT_TEXT.copied : ACCOUNT_TEXT.copyCode}
          </button>
          <p className="invite-label">{ACCOUNT_TEXT.inviteLinkLabel}</p>
          <p ref={linkRef} className="invite-link">
            {link}
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => void handleCopy('link')}
          >
            {copied === 'link' ? ACCOUNT_TEXT.copied : ACCOUNT_TEXT.copyLink}
          </button>
          {'share' in navigator && (
            <button
              type="button"
              className="btn btn-link invite-share"
              onClick={() => void handleShare()}
            >
              {ACCOUNT_TEXT.share}
            </button>
          )}
        </>
      ) : (
        <p>{ACCOUNT_TEXT.noCode}</p>
      )}
    </Dialog>
  );
}
