/**
 * The create-ticket form (spec 2 "Support"): reason select, description with its counter
 * 'n/2000 caractères (minimum 10)', 'Envoyer le ticket'. The shared rule checks it first.
 */
import { useState, type FormEvent } from 'react';
import { SUPPORT_DESCRIPTION_MAX, capChars, countChars, supportTicketErrors } from '@app/shared';
import { firstError } from '../../api/client';
import { useCreateTicket, useSupportReasons } from '../../api/useSupport';
import { toast } from '../../ui/toast';
import { SUPPORT_TEXT } from './texts';

type Errors = Partial<Record<'reason' | 'description', string>>;

export function TicketForm({ onCreated }: { onCreated: () => void }) {
  const reasons = useSupportReasons();
  const create = useCreateTicket();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    const local: Errors = supportTicketErrors(reason, description);
    // An id the server listed is valid even if this build does not know it yet.
    if (local.reason && reasons.data?.some((r) => r.id === reason)) delete local.reason;
    setErrors(local);
    if (local.reason || local.description) return;
    const res = await create.mutateAsync({ reason, description });
    if (res.success) {
      toast.success(res.message || SUPPORT_TEXT.created);
      setReason('');
      setDescription('');
      onCreated();
      return;
    }
    setErrors({ reason: res.errors?.reason?.[0], description: res.errors?.description?.[0] });
    toast.error(
      res.httpStatus === 0 ? SUPPORT_TEXT.network : firstError(res) || SUPPORT_TEXT.createError,
    );
  }

  return (
    <form className="support-form card" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <p className="muted">{SUPPORT_TEXT.intro}</p>
      <div className="field">
        <label htmlFor="support-reason">{SUPPORT_TEXT.reasonLabel}</label>
        <select
          id="support-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={!!errors.reason}
        >
          <option value="">{SUPPORT_TEXT.reasonPlaceholder}</option>
          {reasons.data?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
        {reasons.isError && <p className="field-error">{SUPPORT_TEXT.reasonsError}</p>}
        {errors.reason && <p className="field-error">{errors.reason}</p>}
      </div>
      <div className="field">
        <label htmlFor="support-description">{SUPPORT_TEXT.descriptionLabel}</label>
        <textarea
          id="support-description"
          rows={6}
          value={description}
          placeholder={SUPPORT_TEXT.descriptionPlaceholder}
          onChange={(e) => setDescription(capChars(e.target.value, SUPPORT_DESCRIPTION_MAX))}
          aria-invalid={!!errors.description}
        />
        <span className="field-count">{SUPPORT_TEXT.counter(countChars(description))}</span>
        {errors.description && <p className="field-error">{errors.description}</p>}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending}>
        {create.isPending ? SUPPORT_TEXT.submitting : SUPPORT_TEXT.submit}
      </button>
    </form>
  );
}
