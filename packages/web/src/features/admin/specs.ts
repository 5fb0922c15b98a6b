/**
 * The buttons of staff actions, each opening the reason dialog, built by `action` in one line;
 * the ones several screens offer (a report card and a member page both block, warn and delete a
 * photo) are described once here.
 */
import { adminActions } from '../../api/adminActions';
import { warnFields, type ActionSpec } from './ActionDialog';
import { ADMIN_TEXT } from './texts';

export interface ActionButton {
  label: string;
  /** btn-primary, btn-ghost, adm-btn-danger or adm-btn-danger-ghost */
  tone: string;
  spec: ActionSpec;
}

type ActionOptions = Partial<Omit<ActionSpec, 'send'>> & { tone?: string };
type Send = ActionSpec['send'];

/** A button whose dialog is titled and confirmed with its own label unless told otherwise. */
export function action(label: string, send: Send, opts: ActionOptions = {}): ActionButton {
  const { tone = 'btn-ghost', ...spec } = opts;
  return { label, tone, spec: { title: label, confirmLabel: label, send, ...spec } };
}

/** The warning's message and reason from the dialog's fields. */
export const warnInput = (v: Record<string, string>) => ({
  message: v.message ?? '',
  reason: v.reason ?? '',
});

export const blockAction = (send: Send) =>
  action(ADMIN_TEXT.block, send, {
    tone: 'adm-btn-danger',
    title: ADMIN_TEXT.blockTitle,
    text: ADMIN_TEXT.blockText,
    danger: true,
  });

/** A warning; `opts` says more where it does more (the scam queue's also ends the hold). */
export const warnAction = (send: Send, opts: ActionOptions = {}) =>
  action(ADMIN_TEXT.warn, send, {
    title: ADMIN_TEXT.warnTitle,
    text: ADMIN_TEXT.warnText,
    fields: warnFields,
    ...opts,
  });

/** Removes the main photo, or the gallery's photo `photoId`. */
export const deletePhotoAction = (memberId: number, photoId?: number) =>
  action(
    ADMIN_TEXT.deletePhoto,
    (v) =>
      adminActions.members.deletePhoto({
        id: memberId,
        reason: v.reason ?? '',
        ...(photoId !== undefined && { photo_id: photoId }),
      }),
    {
      tone: 'adm-btn-danger-ghost',
      title: ADMIN_TEXT.deletePhotoTitle,
      text: ADMIN_TEXT.deletePhotoText,
      danger: true,
      irreversible: true,
    },
  );
