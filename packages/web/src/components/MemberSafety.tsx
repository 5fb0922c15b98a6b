/**
 * « Bloquer » and « Signaler » wherever a member appears (issue 29): the swipe card, the
 * nearby sheet, a profile, an announcement, a match. Blocking asks first; reporting opens the
 * one report sheet, pre-filled with where it comes from. The buttons are all a screen carries:
 * the sheets and the calls behind them (MemberSafetySheets) are downloaded when one is tapped.
 */
import { useState } from 'react';
import type { TReportSource } from '@app/shared';
import { SAFETY_ACTION_TEXT } from '../lib/safety/texts';
import { lazyPart } from '../ui/lazyPart';
import type { MemberSafetySheetsProps } from './MemberSafetySheets';

const MemberSafetySheets = lazyPart<MemberSafetySheetsProps>(() => import('./MemberSafetySheets'), {
  dismiss: (p) => p.onClosed,
});

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
  return (
    <div className={className ? `member-safety ${className}` : 'member-safety'}>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen('block')}>
        {SAFETY_ACTION_TEXT.block}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen('report')}>
        {SAFETY_ACTION_TEXT.report}
      </button>
      {open && (
        <MemberSafetySheets
          open={open}
          userId={userId}
          source={source}
          announcementId={announcementId}
          onBlocked={onBlocked}
          onClosed={() => setOpen(null)}
        />
      )}
    </div>
  );
}
