/**
 * A member's staff actions: block / unblock, warn, lift the multiple-account lock, delete the
 * photo; for admins also the moderator role and a manual coin credit or debit (through the
 * ledger, with a mandatory reason).
 */
import type { TAdminMember } from '../../api/useAdminMember';
import { reasonAnd, type ActionField } from './ActionDialog';
import { action, blockAction, deletePhotoAction, warnAction, type ActionButton } from './specs';
import { ADMIN_TEXT } from './texts';

const amountField: ActionField = {
  name: 'amount',
  label: ADMIN_TEXT.coinsAmount,
  kind: 'number',
  validate: (v) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 && n <= 100_000 ? null : ADMIN_TEXT.amountInvalid;
  },
};

const coins = (sign: 1 | -1) => (values: Record<string, string>) => ({
  amount: sign * Number(values.amount),
  reason: (values.reason ?? '').trim(),
});

function adminActions(m: TAdminMember, base: string): ActionButton[] {
  const list: ActionButton[] = [];
  if (m.role !== 'admin') {
    const promote = m.role !== 'moderator';
    list.push(
      action(promote ? ADMIN_TEXT.makeModerator : ADMIN_TEXT.removeModerator, `${base}/role`, {
        text: promote ? ADMIN_TEXT.makeModeratorText : ADMIN_TEXT.removeModeratorText,
        toBody: reasonAnd({ role: promote ? 'moderator' : 'member' }),
      }),
    );
  }
  list.push(
    action(ADMIN_TEXT.credit, `${base}/coins`, {
      text: ADMIN_TEXT.creditText,
      fields: [amountField],
      toBody: coins(1),
    }),
    action(ADMIN_TEXT.debit, `${base}/coins`, {
      tone: 'adm-btn-danger-ghost',
      text: ADMIN_TEXT.debitText,
      danger: true,
      fields: [amountField],
      toBody: coins(-1),
    }),
  );
  return list;
}

export function memberActions(m: TAdminMember, isAdmin: boolean): ActionButton[] {
  const base = `/admin/members/${m.id}`;
  const list = [
    m.blocked
      ? action(ADMIN_TEXT.unblock, `${base}/unblock`, {
          tone: 'btn-primary',
          title: ADMIN_TEXT.unblockTitle,
          text: ADMIN_TEXT.unblockText,
        })
      : blockAction(`${base}/block`),
    warnAction(`${base}/warn`),
  ];
  if (m.device.hash)
    list.push(
      action(ADMIN_TEXT.resetDevice, `${base}/reset-device`, { text: ADMIN_TEXT.resetDeviceText }),
    );
  if (m.photos) list.push(deletePhotoAction(m.id));
  return isAdmin ? [...list, ...adminActions(m, base)] : list;
}
