/**
 * « Vérifications » (issue 28): members asking for the badge, first come first served. A card
 * opens the check on demand (the server writes each reading to the audit log): the two selfies
 * beside the profile photos and the poses asked; then approve, or refuse with a reason from the
 * list. Deciding deletes the selfies on the server.
 */
import { useId, useState } from 'react';
import {
  MODERATOR_REFUSAL_REASONS,
  VERIFICATION_REFUSAL_REASONS,
  type TAdminVerificationItem,
} from '@app/shared';

type ModeratorReason = (typeof MODERATOR_REFUSAL_REASONS)[number];
import { adminActions } from '../../api/adminActions';
import { firstError } from '../../api/client';
import { useAdminAction } from '../../api/useAdmin';
import { useAdminVerifications } from '../../api/useAdminLists';
import { useVerificationReading } from '../../api/useAdminReadings';
import { toast } from '../../ui/toast';
import { CardList, MemberLink, MemberPhoto } from './parts';
import { formatDateTime } from './format';
import { ADMIN_TEXT } from './texts';
import { useListParams } from './useListParams';

export default function VerificationsSection() {
  const { page, setPage } = useListParams({});
  const query = useAdminVerifications(page);
  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.verifications}</h1>
      <CardList
        query={query}
        page={page}
        onPage={setPage}
        empty={ADMIN_TEXT.verificationsEmpty}
        render={(item) => <VerificationCard item={item} />}
      />
    </div>
  );
}

function VerificationCard({ item }: { item: TAdminVerificationItem }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="adm-card card" data-testid="admin-verification">
      <div className="adm-card-head">
        <span className="muted">#{item.id}</span>
        <span className="muted adm-push">{formatDateTime(item.submitted_at)}</span>
      </div>
      <div className="adm-person">
        <MemberPhoto photo={item.photo} />
        <MemberLink id={item.user_id} name={item.name} />
      </div>
      {open ? (
        <VerificationReview id={item.id} />
      ) : (
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)}>
          {ADMIN_TEXT.openVerification}
        </button>
      )}
    </li>
  );
}

function VerificationReview({ id }: { id: number }) {
  const reading = useVerificationReading(id);
  const action = useAdminAction();
  const selectId = useId();
  const [reason, setReason] = useState<ModeratorReason | ''>('');
  const [error, setError] = useState<string | null>(null);
  if (reading.isPending) return <p className="muted">{ADMIN_TEXT.loading}</p>;
  if (reading.isError) return <p className="field-error">{reading.error.message}</p>;
  const v = reading.data;

  async function decide(approve: boolean) {
    if (action.isPending) return;
    if (!approve && !reason) return setError(ADMIN_TEXT.refusalReasonRequired);
    setError(null);
    const res = await action.mutateAsync(() =>
      approve || !reason
        ? adminActions.verifications.approve({ id })
        : adminActions.verifications.refuse({ id, reason }),
    );
    if (!res.success) return setError(firstError(res));
    toast.success(res.message);
  }

  return (
    <div className="adm-verification">
      <ol className="adm-poses">
        {v.poses.map((p) => (
          <li key={p.key}>{p.text}</li>
        ))}
      </ol>
      <p className="muted">{ADMIN_TEXT.selfies}</p>
      <div className="adm-photo-row">
        {v.selfies.map((src, i) => (
          <img key={i} src={src} alt={ADMIN_TEXT.selfieN(i + 1)} width={140} height={187} />
        ))}
      </div>
      <p className="muted">{ADMIN_TEXT.profilePhotos}</p>
      <div className="adm-photo-row">
        {v.photos.map((src, i) => (
          <img key={src} src={src} alt={ADMIN_TEXT.photoN(i + 1)} width={96} height={128} />
        ))}
      </div>
      <div className="field">
        <label htmlFor={selectId}>{ADMIN_TEXT.refusalReason}</label>
        <select
          id={selectId}
          value={reason}
          onChange={(e) =>
            setReason(MODERATOR_REFUSAL_REASONS.find((r) => r === e.target.value) ?? '')
          }
        >
          <option value="">—</option>
          {MODERATOR_REFUSAL_REASONS.map((r) => (
            <option key={r} value={r}>
              {VERIFICATION_REFUSAL_REASONS[r]}
            </option>
          ))}
        </select>
      </div>
      <div role="alert">{error && <p className="field-error">{error}</p>}</div>
      <div className="adm-dialog-actions">
        <button
          type="button"
          className="btn adm-btn-danger-ghost"
          disabled={action.isPending}
          onClick={() => void decide(false)}
        >
          {ADMIN_TEXT.refuse}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={action.isPending}
          onClick={() => void decide(true)}
        >
          {ADMIN_TEXT.approve}
        </button>
      </div>
    </div>
  );
}
