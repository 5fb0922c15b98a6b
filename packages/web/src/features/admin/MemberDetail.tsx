/**
 * A member's console page: profile and photo, status and role, the signup device (its hash, the
 * accounts created from it, refused sign-ups), the devices used (first and last use, the other
 * accounts seen on each), announcements (hide, restore, delete), coin movements, orders, reports
 * received and made, and the staff actions.
 */
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from '../../lib/router';
import { useIsAdmin } from '../../api/useAdminLists';
import { useAdminMember, type TAdminMember } from '../../api/useAdminMember';
import { ActionButtons } from './ActionButtons';
import { useActionDialog } from './ActionDialog';
import { memberActions } from './MemberActions';
import { MemberAnnouncements } from './MemberAnnouncements';
import { CoinMovements, MemberOrders, MemberReports } from './MemberHistory';
import { DevicesUsed, SignupDevice } from './MemberDevices';
import { Badge, ErrorBox, Facts, Loading } from './parts';
import { formatDateTime, formatNumber } from './format';
import { deletePhotoAction } from './specs';
import { ADMIN_TEXT } from './texts';
import { GENDER_LABELS, labelOf, ROLE_LABELS } from './labels';

export default function MemberDetail() {
  const id = Number(useParams().id);
  const q = useAdminMember(id);
  const isAdmin = useIsAdmin(true) === true;
  const dialog = useActionDialog();
  const back = (
    <Link to="/admin/membres" className="adm-back">
      <ArrowLeft /> {ADMIN_TEXT.backToMembers}
    </Link>
  );
  if (q.isPending) return <Loading />;
  if (!q.data)
    return (
      <div className="adm-section">
        {back}
        <ErrorBox message={q.error?.message ?? ''} onRetry={() => void q.refetch()} />
      </div>
    );
  const m = q.data;
  return (
    <div className="adm-section">
      {back}
      <header className="adm-member-head card">
        {m.photos?.card ? (
          <a href={m.photos.full ?? m.photos.card} target="_blank" rel="noreferrer">
            <img src={m.photos.card} alt={ADMIN_TEXT.openFull} className="adm-member-photo" />
          </a>
        ) : (
          <span className="adm-member-photo adm-no-photo">{ADMIN_TEXT.noPhoto}</span>
        )}
        <div>
          <h1>
            {m.name || ADMIN_TEXT.noName} <span className="muted">#{m.id}</span>
          </h1>
          <p className="adm-break">{m.email}</p>
          <p className="adm-badges">
            <Badge tone={m.role === 'member' ? 'neutral' : 'brand'}>
              {labelOf(ROLE_LABELS, m.role)}
            </Badge>
            {m.blocked && <Badge tone="err">{ADMIN_TEXT.blockedBadge}</Badge>}
            {m.verified && <Badge tone="ok">{ADMIN_TEXT.verifiedBadge}</Badge>}
            <Badge>{ADMIN_TEXT.coinsN(formatNumber(m.coins))}</Badge>
          </p>
          {m.blocked_reason && (
            <p className="muted">
              {ADMIN_TEXT.blockedReason} : {m.blocked_reason}
            </p>
          )}
        </div>
      </header>
      {m.gallery.length > 1 && (
        <section className="card adm-block">
          <h2>{ADMIN_TEXT.gallery}</h2>
          <ul className="adm-photo-row">
            {m.gallery.map((p, i) => (
              <li key={p.id}>
                <img src={p.thumb} alt={ADMIN_TEXT.photoN(i + 1)} width={96} height={96} />
                <button
                  type="button"
                  className="btn adm-btn-danger-ghost"
                  onClick={() => dialog.open(deletePhotoAction(m.id, p.id).spec)}
                >
                  {ADMIN_TEXT.deletePhoto}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card adm-block" aria-label={ADMIN_TEXT.actions}>
        <ActionButtons actions={memberActions(m, isAdmin)} onAction={dialog.open} />
      </section>
      <div className="adm-columns">
        <ProfileFacts member={m} />
        <SignupDevice member={m} />
      </div>
      <DevicesUsed devices={m.devices} />
      <section className="card adm-block">
        <h2>{ADMIN_TEXT.announcements}</h2>
        <MemberAnnouncements memberId={m.id} onAction={dialog.open} />
      </section>
      <CoinMovements member={m} />
      <MemberOrders member={m} />
      <div className="adm-columns">
        <MemberReports
          title={ADMIN_TEXT.reportsReceived}
          reports={m.reports_received}
          otherSide="reporter_id"
        />
        <MemberReports
          title={ADMIN_TEXT.reportsMade}
          reports={m.reports_made}
          otherSide="reported_id"
        />
      </div>
      {dialog.element}
    </div>
  );
}

function ProfileFacts({ member: m }: { member: TAdminMember }) {
  const yesNo = (b: boolean) => (b ? ADMIN_TEXT.yes : ADMIN_TEXT.no);
  return (
    <section className="card adm-block">
      <h2>{ADMIN_TEXT.profile}</h2>
      <Facts
        rows={[
          [ADMIN_TEXT.gender, labelOf(GENDER_LABELS, m.gender)],
          [ADMIN_TEXT.age, m.age === null ? '—' : ADMIN_TEXT.years(m.age)],
          [ADMIN_TEXT.locality, m.locality ?? '—'],
          [ADMIN_TEXT.bio, m.bio ?? '—'],
          [ADMIN_TEXT.emailVerified, yesNo(m.email_verified)],
          [ADMIN_TEXT.profileComplete, yesNo(m.profile_complete)],
          [ADMIN_TEXT.createdAt, formatDateTime(m.created_at)],
          [ADMIN_TEXT.lastSeen, formatDateTime(m.last_seen_at)],
        ]}
      />
    </section>
  );
}
