/**
 * The sheets behind « Bloquer » and « Signaler » (MemberSafety): the block's confirmation and
 * call, and the one report sheet. Loaded when the member taps one, never with the screen.
 */
import { CHAT_MSG, type TReportSource } from '@app/shared';
import { useBlock } from '../api/useSafety';
import { CHAT_TEXT } from '../lib/chats/texts';
import { Sheet, SheetActions, useClosing } from '../ui/Sheet';
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
      <SheetActions
        action={CHAT_TEXT.block}
        busy={busy}
        onAction={() => void onConfirm().then((done) => done && close())}
        onCancel={close}
      />
    </Sheet>
  );
}

export interface MemberSafetySheetsProps {
  open: 'block' | 'report';
  userId: number;
  source: TReportSource;
  announcementId?: number | undefined;
  onBlocked?: (() => void) | undefined;
  onClosed: () => void;
}

export default function MemberSafetySheets({
  open,
  userId,
  source,
  announcementId,
  onBlocked,
  onClosed,
}: MemberSafetySheetsProps) {
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
  return open === 'block' ? (
    <ConfirmBlock busy={block.isPending} onConfirm={confirmBlock} onClosed={onClosed} />
  ) : (
    <ReportSheet
      userId={userId}
      source={source}
      announcementId={announcementId}
      onClosed={onClosed}
    />
  );
}
