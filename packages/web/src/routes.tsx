/**
 * The route table of both specifications. Every screen is lazy-loaded so the first screen
 * downloads only what it shows; the signed-in part (data cache, guard, shell, realtime) is
 * itself a lazy chunk, so a visitor on /login fetches none of it.
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from './lib/router';
import { RootLayout } from './components/RootLayout';

type Loader = () => Promise<{ default: ComponentType }>;
const page = (load: Loader) => {
  const C = lazy(load);
  return <C />;
};

const SignedIn = lazy(() => import('./app/SignedIn'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={page(() => import('./features/auth/LoginPage'))} />
        <Route path="/login" element={page(() => import('./features/auth/LoginPage'))} />
        <Route path="/signup" element={page(() => import('./features/auth/SignupPage'))} />
        <Route
          path="/auth/google/callback"
          element={page(() => import('./features/auth/GoogleCallbackPage'))}
        />
        <Route path="/verify-otp" element={page(() => import('./features/auth/VerifyOtpPage'))} />
        <Route
          path="/forgot-password"
          element={page(() => import('./features/auth/ForgotPasswordPage'))}
        />
        <Route path="/blocked" element={page(() => import('./features/blocked/BlockedPage'))} />
        {/* Public on purpose: the terms must be readable before signing up (linked from /signup). */}
        <Route path="/policies" element={page(() => import('./features/policies/PoliciesPage'))} />

        <Route element={<SignedIn layout="shell" />}>
          <Route path="/home" element={page(() => import('./features/announcements/HomePage'))} />
          <Route path="/swipes" element={page(() => import('./features/swipes/SwipesPage'))} />
          <Route path="/near" element={page(() => import('./features/nearby/NearPage'))} />
          <Route path="/chats" element={page(() => import('./features/chats/ChatsPage'))} />
          <Route path="/chat" element={<Navigate to="/chats" replace />} />
          <Route path="/histoires" element={page(() => import('./features/stories/StoriesPage'))} />
        </Route>

        <Route element={<SignedIn layout="bare" />}>
          <Route path="/step1" element={page(() => import('./features/wizard/WizardPage'))} />
          <Route path="/chat/:id" element={page(() => import('./features/chats/ChatPage'))} />
          <Route
            path="/profile"
            element={page(() => import('./features/account/AccountMenuPage'))}
          />
          <Route
            path="/edit-profile"
            element={page(() => import('./features/account/EditProfilePage'))}
          />
          <Route
            path="/my-announcements"
            element={page(() => import('./features/announcements/MyAnnouncementsPage'))}
          />
          <Route
            path="/add-announcement"
            element={page(() => import('./features/announcements/AddAnnouncementPage'))}
          />
          <Route path="/buy-coins" element={page(() => import('./features/coins/BuyCoinsPage'))} />
          <Route path="/buying" element={page(() => import('./features/coins/PurchasesPage'))} />
          <Route path="/support" element={page(() => import('./features/support/SupportPage'))} />
          <Route
            path="/blocked-members"
            element={page(() => import('./features/safety/BlockedMembersPage'))}
          />
          <Route
            path="/histoires/publier"
            element={page(() => import('./features/stories/PublishStoryPage'))}
          />
          <Route path="/admin/*" element={page(() => import('./features/admin/AdminPage'))} />
        </Route>

        <Route path="*" element={<Navigate to="/home" replace />} />
      </Route>
    </Routes>
  );
}
