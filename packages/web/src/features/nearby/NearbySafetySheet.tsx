/**
 * « Bloquer » and « Signaler » for a member of the nearby list (issue 29), opened from the
 * row's « ⋯ »: the member's name, then the same two actions as the nearby sheet (the one
 * report sheet, from 'nearby'). Downloaded when a row's button is tapped.
 */
import type { TNearbyUser } from '@app/shared';
import { MemberSafety } from '../../components/MemberSafety';
import { Sheet } from '../../ui/Sheet';
import { ageLabel } from './labels';

export default function NearbySafetySheet({
  user,
  onClose,
}: {
  user: TNearbyUser;
  onClose: () => void;
}) {
  return (
    <Sheet labelledBy="near-safety-name" onClose={onClose}>
      <h2 id="near-safety-name" className="chat-sheet-title">
        {ageLabel(user)}
      </h2>
      <MemberSafety userId={user.id} source="nearby" onBlocked={onClose} />
    </Sheet>
  );
}
