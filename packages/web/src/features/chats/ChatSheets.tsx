/**
 * The sheets a conversation opens from a message or its menu: delete one's own message, edit it,
 * block the other member or stop seeing them (then back to the list), report them. The edit and report sheets load
 * when first opened.
 */
import type { TChatMessage } from '@app/shared';
import { useBlockMember, useUnmatchChat } from '../../api/useChatActions';
import { useDeleteMessage } from '../../api/useChatMessages';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { useNavigate } from '../../lib/router';
import { lazyPart } from '../../ui/lazyPart';
import { ConfirmSheet } from '../../ui/Sheet';
import { toast } from '../../ui/toast';

const ReportSheet = lazyPart(() => import('./ReportSheet'), { dismiss: (p) => p.onClosed });
const EditSheet = lazyPart(() => import('./EditSheet'), { dismiss: (p) => p.onClosed });

export type ChatSheet =
  | { kind: 'delete'; message: TChatMessage }
  | { kind: 'edit'; message: TChatMessage }
  | { kind: 'block' }
  | { kind: 'unmatch' }
  | { kind: 'report' };

export function ChatSheets({
  sheet,
  chatId,
  otherId,
  onClosed,
}: {
  sheet: ChatSheet | null;
  chatId: number;
  otherId: number;
  onClosed: () => void;
}) {
  const navigate = useNavigate();
  const block = useBlockMember(chatId);
  const unmatch = useUnmatchChat(chatId);
  const { mutateAsync: deleteMessage } = useDeleteMessage(chatId);

  // A confirm resolves true when the sheet may slide away; a block or an unmatch leaves the
  // screen instead.
  const confirmDelete = (m: TChatMessage) =>
    deleteMessage(m.id).then(
      () => true,
      (err: Error) => {
        toast.error(err.message);
        return true;
      },
    );
  const leaveWith = (done: Promise<{ message?: string | undefined }>) =>
    done.then(
      (res) => {
        if (res.message) toast.success(res.message);
        navigate('/chats', { replace: true });
        return false;
      },
      (err: Error) => {
        toast.error(err.message);
        return false;
      },
    );

  // Both leave the conversation for the list once done.
  const leaving = {
    block: {
      title: CHAT_TEXT.blockTitle,
      detail: CHAT_TEXT.blockDetail,
      confirmLabel: CHAT_TEXT.block,
      onConfirm: () => leaveWith(block.mutateAsync(otherId)),
    },
    unmatch: {
      title: CHAT_TEXT.unmatchTitle,
      detail: CHAT_TEXT.unmatchDetail,
      confirmLabel: CHAT_TEXT.unmatchConfirm,
      onConfirm: () => leaveWith(unmatch.mutateAsync()),
    },
  };

  switch (sheet?.kind) {
    case 'delete':
      return (
        <ConfirmSheet
          title={CHAT_TEXT.deleteTitle}
          confirmLabel={CHAT_TEXT.delete}
          onConfirm={() => confirmDelete(sheet.message)}
          onClosed={onClosed}
        />
      );
    case 'edit':
      return <EditSheet message={sheet.message} onClosed={onClosed} />;
    case 'block':
    case 'unmatch':
      return <ConfirmSheet {...leaving[sheet.kind]} onClosed={onClosed} />;
    case 'report':
      return <ReportSheet chatId={chatId} userId={otherId} onClosed={onClosed} />;
    default:
      return null;
  }
}
