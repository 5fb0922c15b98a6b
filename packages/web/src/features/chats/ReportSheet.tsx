/**
 * Report the other member of a chat: the one report sheet (components/ReportSheet), from a
 * chat, the last messages attached by the server; a report for scam also quiets that chat's
 * scam warnings (no second « Signaler »).
 */
import { ReportSheet as MemberReportSheet } from '../../components/ReportSheet';
import { reportedChats } from './scamMemory';

export default function ReportSheet({
  chatId,
  userId,
  onClosed,
}: {
  chatId: number;
  userId: number;
  onClosed: () => void;
}) {
  return (
    <MemberReportSheet
      userId={userId}
      source="chat"
      chatId={chatId}
      onReported={(reason) => {
        if (reason === 'scam') reportedChats.add(chatId);
      }}
      onClosed={onClosed}
    />
  );
}
