/**
 * « Bloquer » and « Signaler » wherever a member appears (issue 29): the swipe card, the
 * nearby sheet, a profile, an announcement, a match. Blocking asks first; reporting opens the
 * one report sheet, pre-filled with where it comes from.
 */
import { useState } from 'react';
import { CHAT_MSG, type TReportSource } from '@app/shared';
import { useBlock } from '../api/useSafety';
import { CHAT_TEXT } from '../lib/chats/texts';
import { Sheet, useClosing } from '../ui/Sheet';
import { toast } from '../ui/toast';
import { ReportSheet } from './ReportSheet';

const BLOCK_DETAIL =
  'Ce membre ne pourra plus vous voir ni vous écrire, et vous ne le verrez plus. Vous pourrez le débloquer plus tard.';

function ConfirmBlock({
  busy,
  onConfirm,
  onClosed,
}: {
  busy: boolean;
  onConfirm: () => Promise<boolean>;
  onClosed: () => void;
}) {
  const { closing, close } = useClosing(onClosed);
  return (
    <Sheet label={CHAT_TEXT.blockTitle} closing={closing} onClose={close}>
      <h2 className="chat-sheet-title">{CHAT_TEXT.blockTitle}</h2>
      <p className="muted chat-sheet-detail">{BLOCK_DETAIL}</p>
      <div className="chat-sheet-actions">
        <button
          type="button"
          className="btn chat-btn-danger btn-block"
          disabled={busy}
          onClick={() => void onConfirm().then((done) => done && close())}
        >
          {CHAT_TEXT.block}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={close}>
          {CHAT_TEXT.cancel}
        </button>
      </div>
    </Sheet>
  );
}

export function MemberSafety({
  userId,
  source,
  announcementId,
  onBlocked,
  className,
}: {
  userId: number;
  source: TReportSource;
  announcementId?: number;
  /** The member is blocked: the screen lets them go (next card, sheet closed…). */
  onBlocked?: () => void;
  className?: string;
}) {
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const block = useBlock();
  const confirmBlock = () =>
    block.mutateAsync(userId).then(
      (res) => {
        toast.success(res.message || CHAT_MSG.blockedDone);
        onBlocked?.();
        return true;
      },
      (err: Error) => {
        toast.error(err.message);
        return false;
      },
    );
  return (
    <div className={className ? `member-safety ${className}` : 'member-safety'}>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen('block')}>
        {CHAT_TEXT.block}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen('report')}>
        {CHAT_TEXT.report}
      </button>
      {open === 'block' && (
        <ConfirmBlock
          busy={block.isPending}
          onConfirm={confirmBlock}
          onClosed={() => setOpen(null)}
        />
      )}
      {open === 'report' && (
        <ReportSheet
          userId={userId}
          source={source}
          announcementId={announcementId}
          onClosed={() => setOpen(null)}
        />
      )}
    </div>
  );
}
