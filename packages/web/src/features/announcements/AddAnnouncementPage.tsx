/**
 * /add-announcement, 'Nouvelle annonce' (spec 2): the cost is checked on arrival; one
 * description with its live counter and its live phone / suspect-word warning (which blocks
 * publishing); 'Annonce rejetée' when the server refuses the text; the insufficient-balance
 * modal, opened without a call when the balance is known to be short.
 */
import { CoinIcon } from '../../ui/CoinIcon';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import {
  announcementContentWarning,
  descriptionProblem,
  type TAnnouncementCost,
} from '@app/shared';
import { useAnnouncementCost, useCreateAnnouncement } from '../../api/useAnnouncements';
import type { ApiResult } from '../../api/client';
import { getToken } from '../../auth/session';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { DescriptionField } from './DescriptionField';
import { costErrorMessage } from './format';
import { InsufficientModal } from './InsufficientModal';
import { PageHeader } from './PageHeader';
import { ANN_TEXT } from './texts';
import './announcements.css';

interface Refusal {
  field: string | null;
  rejected: string | null;
  form: string | null;
}
const NO_REFUSAL: Refusal = { field: null, rejected: null, form: null };

/** What a refused publication shows, and where. */
function refusalOf(res: ApiResult<unknown>): Refusal {
  if (res.httpStatus === 0) return { ...NO_REFUSAL, form: ANN_TEXT.createNetworkError };
  const onField = res.errors?.description?.[0] ?? null;
  if (!res.success && res.rejected === true)
    return { ...NO_REFUSAL, rejected: onField ?? res.message };
  if (onField) return { ...NO_REFUSAL, field: onField };
  return { ...NO_REFUSAL, form: res.message || ANN_TEXT.generic };
}

function AnnouncementForm({ cost }: { cost: TAnnouncementCost }) {
  const navigate = useNavigate();
  const create = useCreateAnnouncement();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [shortBy, setShortBy] = useState<{ required: number; owned: number } | null>(null);
  const warning = announcementContentWarning(text);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (warning || create.isPending) return;
    // Known to be short: the modal opens without a call (spec 2 §4), before any typing advice.
    if (cost.cost > 0 && cost.user_balance < cost.cost) {
      return setShortBy({ required: cost.cost, owned: cost.user_balance });
    }
    const problem = descriptionProblem(text);
    if (problem) return setRefusal({ ...NO_REFUSAL, field: problem.message });
    const res = await create.mutateAsync(text);
    if (res.success) {
      return navigate('/my-announcements', { state: { message: ANN_TEXT.created } });
    }
    if (res.error === 'insufficient_coins') {
      return setShortBy({
        required: res.required_coins ?? cost.cost,
        owned: res.user_coins ?? cost.user_balance,
      });
    }
    setRefusal(refusalOf(res));
  };

  return (
    <form className="ann-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <DescriptionField
        value={text}
        warning={warning}
        error={refusal.field}
        onChange={(value) => {
          setText(value);
          setRefusal(NO_REFUSAL);
        }}
      />
      {refusal.rejected && (
        <div className="ann-rejected" role="alert">
          <strong>{ANN_TEXT.rejectedTitle}</strong>
          <p>{refusal.rejected}</p>
          <p>{ANN_TEXT.rejectedAdvice}</p>
        </div>
      )}
      {refusal.form && (
        <p className="form-msg form-msg-error" role="alert">
          {refusal.form}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block ann-submit"
        disabled={!!warning || create.isPending}
      >
        {create.isPending ? (
          ANN_TEXT.publishing
        ) : (
          <>
            {ANN_TEXT.publish}
            {cost.cost > 0 && (
              <span className="ann-cost">
                {cost.cost} <CoinIcon role="img" aria-label={ANN_TEXT.coins} />
              </span>
            )}
          </>
        )}
      </button>
      {shortBy && <InsufficientModal {...shortBy} onClose={() => setShortBy(null)} />}
    </form>
  );
}

export default function AddAnnouncementPage() {
  const cost = useAnnouncementCost();
  return (
    <div className="ann-screen">
      <PageHeader title={ANN_TEXT.addTitle} backTo="/my-announcements" />
      <div className="page ann-page">
        {cost.isPending ? (
          <div className="center-page" role="status">
            <div className="spinner" aria-hidden />
            <p>{ANN_TEXT.checking}</p>
          </div>
        ) : cost.isError ? (
          <ErrorPanel
            title={ANN_TEXT.loadError}
            message={costErrorMessage(cost.error, getToken() !== null)}
            onRetry={() => void cost.refetch()}
            showBack={false}
          />
        ) : (
          <AnnouncementForm cost={cost.data} />
        )}
      </div>
    </div>
  );
}
