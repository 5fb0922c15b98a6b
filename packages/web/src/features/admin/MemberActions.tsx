/**
 * A member's staff actions: block / unblock, warn, lift the multiple-account lock, delete the
 * photo; for admins also the moderator role and a manual coin credit or debit (through the
 * ledger, with a mandatory reason).
 */
import type { TAdminMember } from '../../api/useAdminMember';
import { adminActions as staff } from '../../api/adminActions';
import type { ActionField } from './ActionDialog';
import {
  action,
  blockAction,
  deletePhotoAction,
  warnAction,
  warnInput,
  type ActionButton,
} from './specs';
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

const coins = (id: number, sign: 1 | -1) => (values: Record<string, string>) =>
  staff.members.coins({
    id,
    amount: sign * Number(values.amount),
    reason: values.reason ?? '',
  });

function adminActions(m: TAdminMember): ActionButton[] {
  const list: ActionButton[] = [];
  if (m.role !== 'admin') {
    const promote = m.role !== 'moderator';
    list.push(
      action(
        promote ? ADMIN_TEXT.makeModerator : ADMIN_TEXT.removeModerator,
        (v) =>
          staff.members.role({
            id: m.id,
            role: promote ? 'moderator' : 'member',
            reason: v.reason ?? '',
          }),
        { text: promote ? ADMIN_TEXT.makeModeratorText : ADMIN_TEXT.removeModeratorText },
      ),
    );
  }
  list.push(
    action(ADMIN_TEXT.credit, coins(m.id, 1), {
      text: ADMIN_TEXT.creditText,
      fields: [amountField],
    }),
    action(ADMIN_TEXT.debit, coins(m.id, -1), {
      tone: 'adm-btn-danger-ghost',
      text: ADMIN_TEXT.debitText,
      danger: true,
      fields: [amountField],
    }),
  );
  return list;
}

export function memberActions(m: TAdminMember, isAdmin: boolean): ActionButton[] {
  const reason = (v: Record<string, string>) => ({ id: m.id, reason: v.reason ?? '' });
  const list = [
    m.blocked
      ? action(ADMIN_TEXT.unblock, (v) => staff.members.unblock(reason(v)), {
          tone: 'btn-primary',
          title: ADMIN_TEXT.unblockTitle,
          text: ADMIN_TEXT.unblockText,
        })
      : blockAction((v) => staff.members.block(reason(v))),
    warnAction((v) => staff.members.warn({ id: m.id, ...warnInput(v) })),
  ];
  if (m.device.hash)
    list.push(
      action(ADMIN_TEXT.resetDevice, (v) => staff.members.resetDevice(reason(v)), {
        text: ADMIN_TEXT.resetDeviceText,
      }),
    );
  if (m.photos) list.push(deletePhotoAction(m.id));
  return isAdmin ? [...list, ...adminActions(m)] : list;
}
