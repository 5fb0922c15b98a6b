/**
 * Arnaques (scam shield): members whose messages the server flagged since their last review,
 * held ones (who can no longer start chats) first in their own filter. A card shows the member,
 * the account's age, how many chats were flagged in 24 h and in all, the devices and the other
 * accounts seen on them, and the flagged messages on demand (each reading is in the audit log);
 * decisions: warn (which also reviews and releases), block the account, release the hold.
 */
import { useState } from 'react';
import { SCAM_HOLD_CHATS } from '@app/shared';
import { adminActions } from '../../api/adminActions';
import { useAdminScams, type TAdminScamMember } from '../../api/useAdminLists';
import { accountAge } from './age';
import { ActionButtons } from './ActionButtons';
import type { ActionSpec } from './ActionDialog';
import { FlaggedMessages } from './FlaggedMessages';
import { DeviceSummary } from './MemberDevices';
import { Badge, MemberLink, MemberPhoto } from './parts';
import { QueueSection } from './QueueSection';
import { action, blockAction, warnAction, warnInput, type ActionButton } from './specs';
import { formatDateTime } from './format';
import { SCAM_STATUS_LABELS } from './labels';
import { ADMIN_TEXT } from './texts';

export default function ScamsSection() {
  // One clock for the page's account ages.
  const [now] = useState(Date.now);
  return (
    <QueueSection
      title={ADMIN_TEXT.scams}
      useList={useAdminScams}
      statuses={SCAM_STATUS_LABELS}
      initial="held"
      empty={ADMIN_TEXT.scamsEmpty}
      render={(m, onAction) => <ScamCard member={m} now={now} onAction={onAction} />}
    />
  );
}

function actionsFor(m: TAdminScamMember): ActionButton[] {
  const reason = (v: Record<string, string>) => ({ id: m.id, reason: v.reason ?? '' });
  const list = [
    warnAction((v) => adminActions.scams.warn({ id: m.id, ...warnInput(v) }), {
      text: ADMIN_TEXT.scamWarnText,
    }),
  ];
  if (!m.blocked) list.push(blockAction((v) => adminActions.scams.block(reason(v))));
  if (m.held_at)
    list.push(
      action(ADMIN_TEXT.release, (v) => adminActions.scams.release(reason(v)), {
        text: ADMIN_TEXT.releaseText,
      }),
    );
  return list;
}

function ScamCard({
  member: m,
  now,
  onAction,
}: {
  member: TAdminScamMember;
  now: number;
  onAction: (spec: ActionSpec) => void;
}) {
  const age = accountAge(m.created_at, now);
  const recent = m.flagged_chats_24h;
  return (
    <li className="adm-card card" data-testid="admin-scam">
      <div className="adm-card-head">
        <span className="muted">#{m.id}</span>
        {m.blocked && <Badge tone="err">{ADMIN_TEXT.blockedBadge}</Badge>}
        {m.held_at && <Badge tone="warn">{ADMIN_TEXT.heldAt(formatDateTime(m.held_at))}</Badge>}
        <span className="muted adm-push">
          {ADMIN_TEXT.lastFlagged(formatDateTime(m.last_flagged_at))}
        </span>
      </div>
      <div className="adm-person">
        <MemberPhoto photo={m.photo} />
        <div>
          <p>
            <MemberLink id={m.id} name={m.name} />
          </p>
          <p className="muted adm-break">{m.email}</p>
          <p className="adm-badges">
            {age && <Badge>{age}</Badge>}
            <Badge tone={recent >= SCAM_HOLD_CHATS ? 'err' : recent > 0 ? 'warn' : 'neutral'}>
              {ADMIN_TEXT.flaggedChats24h(recent)}
            </Badge>
            <Badge>{ADMIN_TEXT.flaggedTotal(m.flagged_chats, m.flagged_messages)}</Badge>
          </p>
        </div>
      </div>
      <p className="adm-label">{ADMIN_TEXT.devicesUsed}</p>
      <DeviceSummary devices={m.devices} />
      <FlaggedMessages memberId={m.id} count={m.flagged_messages} />
      <ActionButtons actions={actionsFor(m)} onAction={onAction} />
    </li>
  );
}
