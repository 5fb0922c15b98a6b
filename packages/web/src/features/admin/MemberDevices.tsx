/**
 * A member page's devices: the signup device (its hash, the accounts created from it, refused
 * sign-ups; the multiple-account lock applies to it), and every device the member signed up or
 * signed in from, with its first and last use and the other accounts seen on it; the same,
 * compact, on a card of the « Arnaques » queue.
 */
import type { TAdminMember, TSeenAccount, TMemberDevice } from '../../api/useAdminMember';
import { Badge, Facts, MemberLink } from './parts';
import { formatDateTime, formatNumber } from './format';
import { ADMIN_TEXT } from './texts';

export function SignupDevice({ member: m }: { member: TAdminMember }) {
  return (
    <section className="card adm-block">
      <h2>{ADMIN_TEXT.device}</h2>
      {!m.device.hash ? (
        <p className="muted">{ADMIN_TEXT.noDevice}</p>
      ) : (
        <>
          <Facts
            rows={[
              [ADMIN_TEXT.deviceHash, <code className="adm-break">{m.device.hash}</code>],
              [ADMIN_TEXT.refusals, formatNumber(m.device.refusals)],
            ]}
          />
          <h3>{ADMIN_TEXT.deviceAccounts}</h3>
          <AccountList
            accounts={m.device.accounts.map((a) => ({ ...a, blocked: !!a.blocked_at }))}
          />
        </>
      )}
    </section>
  );
}

export function DevicesUsed({ devices }: { devices: TMemberDevice[] }) {
  return (
    <section className="card adm-block">
      <h2>{ADMIN_TEXT.devicesUsed}</h2>
      {devices.length === 0 ? (
        <p className="muted">{ADMIN_TEXT.noDevicesUsed}</p>
      ) : (
        <ul className="adm-list">
          {devices.map((d) => (
            <li key={d.hash}>
              <DeviceUsed device={d} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceUsed({ device: d }: { device: TMemberDevice }) {
  return (
    <>
      <Facts
        rows={[
          [ADMIN_TEXT.deviceHash, <code className="adm-break">{d.hash}</code>],
          [ADMIN_TEXT.deviceFirstSeen, formatDateTime(d.first_seen_at)],
          [ADMIN_TEXT.deviceLastSeen, formatDateTime(d.last_seen_at)],
        ]}
      />
      <h3>{ADMIN_TEXT.deviceOtherAccounts}</h3>
      {d.accounts.length === 0 ? (
        <p className="muted">{ADMIN_TEXT.noOtherAccounts}</p>
      ) : (
        <AccountList accounts={d.accounts} />
      )}
    </>
  );
}

/** The devices on a queue card, compact: when each was used, the other accounts seen on it. */
export function DeviceSummary({ devices }: { devices: TMemberDevice[] }) {
  if (devices.length === 0) return <p className="muted">{ADMIN_TEXT.noDevicesUsed}</p>;
  return (
    <ul className="adm-list adm-devices">
      {devices.map((d) => (
        <li key={d.hash}>
          <p className="muted">
            {ADMIN_TEXT.deviceSeen(formatDateTime(d.first_seen_at), formatDateTime(d.last_seen_at))}
          </p>
          {d.accounts.length === 0 ? (
            <p className="muted">{ADMIN_TEXT.noOtherAccounts}</p>
          ) : (
            <>
              <p>{ADMIN_TEXT.deviceOtherAccounts} :</p>
              <AccountList accounts={d.accounts} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Accounts seen on a device, each a link to its member page. */
function AccountList({ accounts }: { accounts: TSeenAccount[] }) {
  return (
    <ul className="adm-list">
      {accounts.map((a) => (
        <li key={a.id}>
          <MemberLink id={a.id} name={a.name} /> <span className="muted adm-break">{a.email}</span>{' '}
          {a.blocked && <Badge tone="err">{ADMIN_TEXT.blockedBadge}</Badge>}
        </li>
      ))}
    </ul>
  );
}
