/** The entries of the account menu (spec 2 "Account menu"), links first, then the actions. */
import {
  ChevronRight,
  CloudDownload,
  Gauge,
  Gift,
  HatGlasses,
  LifeBuoy,
  LogOut,
  type LucideIcon,
  Megaphone,
  Pencil,
  Receipt,
  ShieldCheck,
  UserLock,
  ScrollText,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { setDataSaver, useDataSaver } from '../../lib/dataSaver/dataSaver';
import { setWarmChoice, useWarmChoice, warmAhead } from '../../lib/screensCache';
import { ACCOUNT_TEXT } from './texts';

const LINKS = [
  { to: '/edit-profile', icon: Pencil, label: ACCOUNT_TEXT.entries.editProfile },
  { to: '/my-announcements', icon: Megaphone, label: ACCOUNT_TEXT.entries.myAnnouncements },
  { to: '/buying', icon: Receipt, label: ACCOUNT_TEXT.entries.purchases },
  { to: '/privacy', icon: UserLock, label: ACCOUNT_TEXT.entries.privacy },
  { to: '/safety', icon: ShieldCheck, label: ACCOUNT_TEXT.entries.safety },
  { to: '/support', icon: LifeBuoy, label: ACCOUNT_TEXT.entries.support },
  { to: '/policies', icon: ScrollText, label: ACCOUNT_TEXT.entries.policies },
] as const;

const chevron = <ChevronRight className="account-entry-chevron" />;

function EntryContent({
  icon: Icon,
  label,
  end,
}: {
  icon: LucideIcon;
  label: string;
  end?: ReactNode;
}) {
  return (
    <>
      <Icon className="account-entry-icon" />
      <span className="account-entry-label">{label}</span>
      {end}
    </>
  );
}

export function MenuEntries({
  anonymous,
  leaving,
  onInvite,
  onAnonymous,
  onDelete,
  onLogout,
}: {
  anonymous: boolean;
  leaving: boolean;
  onInvite: () => void;
  onAnonymous: () => void;
  onDelete: () => void;
  onLogout: () => void;
}) {
  const dataSaver = useDataSaver();
  const prepareOffline = useWarmChoice();
  const actions: {
    key: string;
    icon: LucideIcon;
    label: string;
    onClick: () => void;
    end?: ReactNode;
    danger?: boolean;
    disabled?: boolean;
    /** A setting switched on the spot: a switch for assistive technologies. */
    switchOn?: boolean;
  }[] = [
    {
      key: 'invite',
      icon: Gift,
      label: ACCOUNT_TEXT.entries.invite,
      onClick: onInvite,
      end: chevron,
    },
    {
      key: 'anonymous',
      icon: HatGlasses,
      label: ACCOUNT_TEXT.entries.anonymous,
      onClick: onAnonymous,
      end: (
        <span className={anonymous ? 'account-state on' : 'account-state'}>
          {anonymous ? ACCOUNT_TEXT.on : ACCOUNT_TEXT.off}
        </span>
      ),
    },
    {
      key: 'dataSaver',
      icon: Gauge,
      label: ACCOUNT_TEXT.entries.dataSaver,
      onClick: () => setDataSaver(!dataSaver),
      switchOn: dataSaver,
      end: (
        <span className={dataSaver ? 'account-state on' : 'account-state'}>
          {dataSaver ? ACCOUNT_TEXT.on : ACCOUNT_TEXT.off}
        </span>
      ),
    },
    {
      key: 'prepareOffline',
      icon: CloudDownload,
      label: ACCOUNT_TEXT.entries.prepareOffline,
      onClick: () => {
        setWarmChoice(!prepareOffline);
        // Chosen: every screen is downloaded now, not at the next opening.
        if (!prepareOffline) void warmAhead().catch(() => undefined);
      },
      switchOn: prepareOffline,
      end: (
        <span className={prepareOffline ? 'account-state on' : 'account-state'}>
          {prepareOffline ? ACCOUNT_TEXT.on : ACCOUNT_TEXT.off}
        </span>
      ),
    },
    {
      key: 'delete',
      icon: Trash2,
      label: ACCOUNT_TEXT.entries.deleteAccount,
      onClick: onDelete,
      danger: true,
    },
    {
      key: 'logout',
      icon: LogOut,
      label: leaving ? ACCOUNT_TEXT.loggingOut : ACCOUNT_TEXT.entries.logout,
      onClick: onLogout,
      disabled: leaving,
    },
  ];
  return (
    <nav className="account-menu" aria-label={ACCOUNT_TEXT.menuTitle}>
      <ul>
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="account-entry">
              <EntryContent icon={l.icon} label={l.label} end={chevron} />
            </Link>
          </li>
        ))}
        {actions.map((a) => (
          <li key={a.key}>
            <button
              type="button"
              className={a.danger ? 'account-entry danger' : 'account-entry'}
              onClick={a.onClick}
              disabled={a.disabled}
              {...(a.switchOn !== undefined && { role: 'switch', 'aria-checked': a.switchOn })}
            >
              <EntryContent icon={a.icon} label={a.label} end={a.end} />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
