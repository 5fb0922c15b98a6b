/**
 * The buttons of staff actions, each opening the reason dialog, built by `action` in one line;
 * the ones several screens offer (a report card and a member page both block, warn and delete a
 * photo) are described once here.
 */
import { reasonAnd, warnFields, type ActionSpec } from './ActionDialog';
import { ADMIN_TEXT } from './texts';

export interface ActionButton {
  label: string;
  /** btn-primary, btn-ghost, adm-btn-danger or adm-btn-danger-ghost */
  tone: string;
  spec: ActionSpec;
}

type ActionOptions = Partial<Omit<ActionSpec, 'path'>> & { tone?: string };

/** A button whose dialog is titled and confirmed with its own label unless told otherwise. */
export function action(label: string, path: string, opts: ActionOptions = {}): ActionButton {
  const { tone = 'btn-ghost', ...spec } = opts;
  return { label, tone, spec: { title: label, confirmLabel: label, path, ...spec } };
}

export const blockAction = (path: string) =>
  action(ADMIN_TEXT.block, path, {
    tone: 'adm-btn-danger',
    title: ADMIN_TEXT.blockTitle,
    text: ADMIN_TEXT.blockText,
    danger: true,
  });

export const warnAction = (path: string) =>
  action(ADMIN_TEXT.warn, path, {
    title: ADMIN_TEXT.warnTitle,
    text: ADMIN_TEXT.warnText,
    fields: warnFields,
    toBody: reasonAnd(),
  });

export const deletePhotoAction = (memberId: number) =>
  action(ADMIN_TEXT.deletePhoto, `/admin/members/${memberId}/photo/delete`, {
    tone: 'adm-btn-danger-ghost',
    title: ADMIN_TEXT.deletePhotoTitle,
    text: ADMIN_TEXT.deletePhotoText,
    danger: true,
    irreversible: true,
  });
