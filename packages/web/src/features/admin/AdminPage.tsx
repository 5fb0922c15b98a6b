/**
 * /admin/* — the moderation and operations console (issue 10), its own lazy bundle with its
 * own stylesheet, never part of a member's first load. The dashboard call doubles as the access
 * check: 403 means the signed-in member is not staff; a 403 on the audit log means a moderator,
 * who does not see the admin-only sections. Each section is a lazy chunk of its own.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes } from '../../lib/router';
import { Lock } from 'lucide-react';
import { isForbidden, useAdminDashboard } from '../../api/useAdmin';
import { useIsAdmin } from '../../api/useAdminLists';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { AdminNav } from './AdminNav';
import { Loading } from './parts';
import { ADMIN_TEXT } from './texts';
import './admin.css';

const Dashboard = lazy(() => import('./DashboardSection'));
const Stories = lazy(() => import('./StoriesSection'));
const Reports = lazy(() => import('./ReportsSection'));
const Scams = lazy(() => import('./ScamsSection'));
const Verifications = lazy(() => import('./VerificationsSection'));
const Members = lazy(() => import('./MembersSection'));
const MemberDetail = lazy(() => import('./MemberDetail'));
const Tickets = lazy(() => import('./TicketsSection'));
const Announcements = lazy(() => import('./AnnouncementsSection'));
const Payments = lazy(() => import('./PaymentsSection'));
const Promotions = lazy(() => import('./PromotionsSection'));
const Audit = lazy(() => import('./AuditSection'));

export default function AdminPage() {
  const dashboard = useAdminDashboard();
  const isAdmin = useIsAdmin(dashboard.data !== undefined);
  if (dashboard.isPending) return <Spinner label={ADMIN_TEXT.checking} />;
  if (isForbidden(dashboard.error)) return <Forbidden />;
  if (!dashboard.data)
    return (
      <ErrorPanel message={dashboard.error?.message} onRetry={() => void dashboard.refetch()} />
    );
  const adminOnly = (page: ReactNode) =>
    isAdmin === undefined ? (
      <Loading />
    ) : isAdmin ? (
      page
    ) : (
      <p className="adm-empty">{ADMIN_TEXT.adminOnly}</p>
    );

  return (
    <div className="adm">
      <header className="adm-top">
        <Link to="/admin" className="adm-brand">
          {ADMIN_TEXT.consoleTitle}
        </Link>
        <Link to="/home" className="adm-top-back">
          {ADMIN_TEXT.backToApp}
        </Link>
      </header>
      <AdminNav pending={dashboard.data.pending} isAdmin={isAdmin === true} />
      <div className="adm-main">
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route index element={<Dashboard />} />
            <Route path="histoires" element={<Stories />} />
            <Route path="signalements" element={<Reports />} />
            <Route path="arnaques" element={<Scams />} />
            <Route path="verifications" element={<Verifications />} />
            <Route path="membres" element={<Members />} />
            <Route path="membres/:id" element={<MemberDetail />} />
            <Route path="tickets" element={<Tickets />} />
            <Route path="annonces" element={<Announcements />} />
            <Route path="paiements" element={adminOnly(<Payments />)} />
            <Route path="promotions" element={adminOnly(<Promotions />)} />
            <Route path="journal" element={adminOnly(<Audit />)} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        </Suspense>
      </div>
    </div>
  );
}

function Forbidden() {
  return (
    <div className="center-page adm-forbidden" role="alert">
      <div className="error-icon" aria-hidden>
        <Lock />
      </div>
      <p>{ADMIN_TEXT.forbidden}</p>
      <Link to="/home" className="btn btn-primary">
        {ADMIN_TEXT.forbiddenHome}
      </Link>
    </div>
  );
}
