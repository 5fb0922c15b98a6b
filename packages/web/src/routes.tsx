/**
 * The route table of both specifications. Every screen is lazy-loaded so the first screen
 * downloads only what it shows; the signed-in part (data cache, guard, shell, realtime) is
 * itself a lazy chunk, so a visitor on /login fetches none of it, nor the signed-in screens'
 * loaders (named here, loaded from there: lib/signedInScreen).
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from './lib/router';
import { RootLayout } from './components/RootLayout';
import { SignedInScreen } from './lib/signedInScreen';

type Loader = () => Promise<{ default: ComponentType }>;
const page = (load: Loader) => {
  const C = lazy(load);
  return <C />;
};

/** Loads once: the route and an early preload share the same download. */
const once = (load: Loader): Loader => {
  let loading: ReturnType<Loader> | null = null;
  return () => (loading ??= load());
};

// The public screens drawn at build time (pages.ts) are loaded before they are hydrated.
const PUBLIC = {
  login: once(() => import('./features/auth/LoginPage')),
  signup: once(() => import('./features/auth/SignupPage')),
  forgot: once(() => import('./features/auth/ForgotPasswordPage')),
  blocked: once(() => import('./features/blocked/BlockedPage')),
  policies: once(() => import('./features/policies/PoliciesPage')),
} satisfies Record<string, Loader>;
const PUBLIC_BY_PATH: Record<string, Loader | undefined> = {
  '/': PUBLIC.login,
  '/login': PUBLIC.login,
  '/signup': PUBLIC.signup,
  '/forgot-password': PUBLIC.forgot,
  '/blocked': PUBLIC.blocked,
  '/policies': PUBLIC.policies,
};

/** The code of the public screen at `path`, loaded (nothing for another address). */
export async function preloadScreen(path: string): Promise<void> {
  await PUBLIC_BY_PATH[path]?.().catch(() => undefined);
}

const SignedIn = lazy(() => import('./app/SignedIn'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={page(PUBLIC.login)} />
        <Route path="/login" element={page(PUBLIC.login)} />
        <Route path="/signup" element={page(PUBLIC.signup)} />
        <Route
          path="/auth/google/callback"
          element={page(() => import('./features/auth/GoogleCallbackPage'))}
        />
        <Route path="/verify-otp" element={page(() => import('./features/auth/VerifyOtpPage'))} />
        <Route path="/forgot-password" element={page(PUBLIC.forgot)} />
        <Route path="/blocked" element={page(PUBLIC.blocked)} />
        {/* Public on purpose: the terms must be readable before signing up (linked from /signup). */}
        <Route path="/policies" element={page(PUBLIC.policies)} />
        {/* Public too: how to meet safely and whom to call, for members and visitors alike. */}
        <Route path="/safety" element={page(() => import('./features/safety/SafetyPage'))} />

        <Route element={<SignedIn layout="shell" />}>
          <Route path="/home" element={<SignedInScreen id="home" />} />
          <Route path="/swipes" element={<SignedInScreen id="swipes" />} />
          <Route path="/near" element={<SignedInScreen id="near" />} />
          <Route path="/chats" element={<SignedInScreen id="chats" />} />
          <Route path="/chat" element={<Navigate to="/chats" replace />} />
          <Route path="/histoires" element={<SignedInScreen id="stories" />} />
        </Route>

        <Route element={<SignedIn layout="bare" />}>
          <Route path="/step1" element={<SignedInScreen id="wizard" />} />
          <Route path="/chat/:id" element={<SignedInScreen id="chat" />} />
          <Route path="/profile" element={<SignedInScreen id="account" />} />
          <Route path="/edit-profile" element={<SignedInScreen id="editProfile" />} />
          <Route path="/verify-profile" element={<SignedInScreen id="verifyProfile" />} />
          <Route path="/my-announcements" element={<SignedInScreen id="myAnnouncements" />} />
          <Route path="/add-announcement" element={<SignedInScreen id="addAnnouncement" />} />
          <Route path="/buy-coins" element={<SignedInScreen id="buyCoins" />} />
          <Route path="/buying" element={<SignedInScreen id="purchases" />} />
          <Route path="/support" element={<SignedInScreen id="support" />} />
          <Route path="/privacy" element={<SignedInScreen id="privacy" />} />
          <Route path="/blocked-members" element={<SignedInScreen id="blockedMembers" />} />
          <Route path="/histoires/publier" element={<SignedInScreen id="publishStory" />} />
          <Route path="/admin/*" element={<SignedInScreen id="admin" />} />
        </Route>

        <Route path="*" element={<Navigate to="/home" replace />} />
      </Route>
    </Routes>
  );
}
