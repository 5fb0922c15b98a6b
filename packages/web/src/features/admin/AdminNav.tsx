/**
 * The console's navigation: a column of links with each queue's count on a wide screen, a
 * select on a phone. Admin-only sections show once the role is known to be admin.
 */
import { NavLink, useLocation, useNavigate } from '../../lib/router';
import type { TAdminDashboard } from '@app/shared';
import { SECTIONS, sectionOf } from './sections';
import { ADMIN_TEXT } from './texts';

export function AdminNav({
  pending,
  isAdmin,
}: {
  pending: TAdminDashboard['pending'];
  isAdmin: boolean;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visible = SECTIONS.filter((s) => !s.adminOnly || isAdmin);
  const current = sectionOf(pathname);
  const countOf = (key: keyof TAdminDashboard['pending'] | undefined) => (key ? pending[key] : 0);

  return (
    <>
      <nav className="adm-nav" aria-label={ADMIN_TEXT.navLabel}>
        <ul>
          {visible.map((s) => {
            const n = countOf(s.pending);
            return (
              <li key={s.path}>
                <NavLink to={s.path} end={s.path === '/admin'} className="adm-nav-link">
                  <span>{s.label}</span>
                  {n > 0 && <span className="adm-nav-count">{n}</span>}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <label className="adm-nav-select">
        <span className="visually-hidden">{ADMIN_TEXT.section}</span>
        <select value={current?.path ?? ''} onChange={(e) => navigate(e.target.value)}>
          {visible.map((s) => {
            const n = countOf(s.pending);
            return (
              <option key={s.path} value={s.path}>
                {n > 0 ? `${s.label} (${n})` : s.label}
              </option>
            );
          })}
        </select>
      </label>
    </>
  );
}
