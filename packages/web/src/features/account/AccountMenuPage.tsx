/**
 * /profile, the account menu (spec 2 "Account menu"): photo and name, the balance under
 * 'Mes pièces' with 'Gagner des pièces', the entries, the invite modal, the 'Mode anonyme'
 * sheet, account deletion and 'Déconnexion'. Loading shows a skeleton, an error the panel.
 */
import { CoinIcon } from '../../ui/CoinIcon';
import { ArrowLeft } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { Link, useNavigate } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { useProfile } from '../../api/useProfile';
import { logout, useAccountSettings, useSetAnonymous } from '../../api/useAccount';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { toast } from '../../ui/toast';
import { clearSession } from '../../auth/session';
import { AnonymousSheet } from './AnonymousSheet';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { InviteModal } from './InviteModal';
import { MenuEntries } from './MenuEntries';
import { ProfileHero } from './ProfileHero';
import { ACCOUNT_TEXT } from './texts';
import type { EarnCoinsModal as CoinsModal } from '../coins';
import './account.css';

// The coins feature's modal, downloaded only when the member opens it.
const EarnCoinsModal = lazyPart<ComponentProps<typeof CoinsModal>>(
  () => import('../coins').then((m) => ({ default: m.EarnCoinsModal })),
  { dismiss: (p) => p.onClose },
);

type Overlay = 'earn' | 'invite' | 'anonymous' | 'delete' | null;

export default function AccountMenuPage() {
  const profile = useProfile();
  const settings = useAccountSettings();
  const setAnonymous = useSetAnonymous();
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const close = () => setOverlay(null);

  function leave(message?: string) {
    queryClient.clear();
    if (message) toast.success(message);
    navigate('/login', { replace: true });
  }

  async function handleLogout() {
    setLeaving(true);
    await logout();
    leave();
  }

  async function handleAnonymous(next: boolean) {
    try {
      const { message } = await setAnonymous.mutateAsync(next);
      toast.success(message || (next ? ACCOUNT_TEXT.anonymousOn : ACCOUNT_TEXT.anonymousOff));
      return true;
    } catch (err) {
      toast.error(err instanceof Error ? err.message : ACCOUNT_TEXT.network);
      return false;
    }
  }

  if (profile.isPending) return <MenuSkeleton />;
  if (profile.isError) {
    return <ErrorPanel message={profile.error.message} onRetry={() => void profile.refetch()} />;
  }
  const me = profile.data;
  const anonymous = settings.data?.anonymous ?? false;

  return (
    <section className="account-page">
      <header className="account-header">
        <Link to="/home" className="icon-btn" aria-label={ACCOUNT_TEXT.back}>
          <ArrowLeft />
        </Link>
        <h1>{ACCOUNT_TEXT.menuTitle}</h1>
        <span className="account-header-spacer" />
      </header>
      <ProfileHero profile={me} />
      <div className="account-coins">
        <div>
          <p className="account-coins-label">{ACCOUNT_TEXT.myCoins}</p>
          <p className="account-coins-value" data-testid="account-coins">
            <CoinIcon /> {ACCOUNT_TEXT.coins(me.coins)}
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setOverlay('earn')}>
          {ACCOUNT_TEXT.earnCoins}
        </button>
      </div>
      <MenuEntries
        anonymous={anonymous}
        leaving={leaving}
        onInvite={() => setOverlay('invite')}
        onAnonymous={() => setOverlay('anonymous')}
        onDelete={() => setOverlay('delete')}
        onLogout={() => void handleLogout()}
      />
      {overlay === 'earn' && <EarnCoinsModal open onClose={close} />}
      {overlay === 'invite' && <InviteModal code={me.invitation_code ?? null} onClose={close} />}
      {overlay === 'anonymous' && (
        <AnonymousSheet
          enabled={anonymous}
          busy={setAnonymous.isPending}
          onConfirm={handleAnonymous}
          onClose={close}
        />
      )}
      {overlay === 'delete' && (
        <DeleteAccountDialog
          hasPassword={settings.data?.has_password ?? true}
          onClose={close}
          onDeleted={(message) => {
            clearSession();
            leave(message);
          }}
        />
      )}
    </section>
  );
}

function MenuSkeleton() {
  return (
    <section className="account-page" aria-busy="true">
      <div className="account-hero" aria-hidden>
        <div className="sk account-avatar" />
        <div className="account-hero-text">
          <div className="sk sk-line sk-w60" />
          <div className="sk sk-line sk-w45" />
        </div>
      </div>
      <div className="sk account-coins-skeleton" aria-hidden />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="sk sk-line account-entry-skeleton" aria-hidden />
      ))}
    </section>
  );
}
