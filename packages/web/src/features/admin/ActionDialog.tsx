/**
 * The one dialog of every staff action: what will happen, any extra field (a message, an
 * amount), the reason (kept in the audit log) and a confirmation button, red for actions that
 * hurt. The server's answer is shown as it words it: a toast on success, in the dialog on error.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MSG } from '@app/shared';
import { firstError, type ApiResult } from '../../api/client';
import { useAdminAction } from '../../api/useAdmin';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { ADMIN_TEXT } from './texts';

export interface ActionField {
  name: string;
  label: string;
  kind: 'textarea' | 'number';
  /** A quick check before sending; the server judges again. */
  validate?: (value: string) => string | null;
}

export interface ActionSpec {
  title: string;
  text?: string;
  confirmLabel: string;
  /**
   * The action's call from the field values (trimmed; `reason` among them when asked), e.g.
   * `(v) => adminActions.stories.approve({ id, reason: v.reason })`.
   */
  send: (values: Record<string, string>) => Promise<ApiResult<unknown>>;
  danger?: boolean;
  irreversible?: boolean;
  /** Staff actions state why, except the few the server takes without a reason. */
  withReason?: boolean;
  fields?: ActionField[];
  onDone?: (res: ApiResult<unknown>) => void;
}

const REASON = 'reason';

function ActionDialog({ spec, onClose }: { spec: ActionSpec; onClose: () => void }) {
  const action = useAdminAction();
  const busy = action.isPending;
  const id = useId();
  const withReason = spec.withReason ?? true;
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (!busy) onClose();
  };
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // After the Dialog has focused itself: start typing in its first field.
    ref.current?.querySelector<HTMLElement>('textarea, input')?.focus();
  }, []);

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  function check(): string | null {
    for (const f of spec.fields ?? []) {
      const problem = f.validate?.(values[f.name] ?? '');
      if (problem) return problem;
    }
    if (withReason && (values[REASON] ?? '').trim().length < 3) return ADMIN_TEXT.reasonRequired;
    return null;
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = check();
    if (problem) return setError(problem);
    setError(null);
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const res = await action.mutateAsync(() => spec.send({ [REASON]: '', ...trimmed }));
    if (!res.success) return setError(firstError(res) || MSG.requestError);
    toast.success(res.message);
    spec.onDone?.(res);
    onClose();
  }

  return (
    <Dialog
      className="modal adm-dialog"
      role={spec.danger ? 'alertdialog' : 'dialog'}
      labelledBy={`${id}-title`}
      onClose={close}
    >
      <form ref={ref} noValidate onSubmit={(e) => void handleSubmit(e)}>
        <h2 id={`${id}-title`}>{spec.title}</h2>
        {spec.text && <p className="muted">{spec.text}</p>}
        {spec.irreversible && <p className="adm-warning">{ADMIN_TEXT.irreversible}</p>}
        {(spec.fields ?? []).map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
            {f.kind === 'textarea' ? (
              <textarea
                id={`${id}-${f.name}`}
                rows={3}
                maxLength={500}
                value={values[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
              />
            ) : (
              <input
                id={`${id}-${f.name}`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={values[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
              />
            )}
          </div>
        ))}
        {withReason && (
          <div className="field">
            <label htmlFor={`${id}-reason`}>{ADMIN_TEXT.reason}</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={500}
              value={values[REASON] ?? ''}
              aria-describedby={`${id}-reason-hint`}
              onChange={(e) => set(REASON, e.target.value)}
            />
            <span id={`${id}-reason-hint`} className="field-hint">
              {ADMIN_TEXT.reasonHint}
            </span>
          </div>
        )}
        <div role="alert" className="adm-dialog-error">
          {error && <p className="field-error">{error}</p>}
        </div>
        <div className="adm-dialog-actions">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={close}>
            {ADMIN_TEXT.cancel}
          </button>
          <button
            type="submit"
            className={`btn ${spec.danger ? 'adm-btn-danger' : 'btn-primary'}`}
            disabled={busy}
          >
            {busy ? ADMIN_TEXT.sending : spec.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** One dialog at a time for a screen: `open(spec)` shows it, `element` goes in the JSX. */
export function useActionDialog() {
  const [spec, setSpec] = useState<ActionSpec | null>(null);
  const element = spec ? <ActionDialog spec={spec} onClose={() => setSpec(null)} /> : null;
  return { open: setSpec, element };
}

/** A reason plus a message to the member (warnings). */
export const warnFields: ActionField[] = [
  {
    name: 'message',
    label: ADMIN_TEXT.warnMessage,
    kind: 'textarea',
    validate: (v) => (v.trim().length < 5 ? ADMIN_TEXT.messageTooShort : null),
  },
];
