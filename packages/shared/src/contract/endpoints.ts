/**
 * Where each API call lives: name → method, path under /api and who may call it. This table has
 * no zod on purpose: the web's `call` reads it at run time, and it must stay tiny on the first
 * screen. The schemas of each call are in the domain's contract file (contract/support.ts…).
 *
 * auth: 'public' (no token needed), 'member' (a valid session), 'staff' (moderator or admin),
 * 'admin' (admin only). Path parameters are written `:name` and filled from the call's input.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'public' | 'member' | 'staff' | 'admin';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  auth: RouteAuth;
}

export const ENDPOINTS = {
  // announcements (spec 1 §7, spec 2 §7)
  'announcements.feed': { method: 'GET', path: '/announcements', auth: 'public' },
  'announcements.cost': { method: 'POST', path: '/announcements/cost', auth: 'member' },
  'announcements.mine': { method: 'POST', path: '/my-announcements', auth: 'member' },
  'announcements.create': { method: 'POST', path: '/announcements', auth: 'member' },
  'announcements.delete': { method: 'DELETE', path: '/announcements/:id', auth: 'member' },
  // stories (spec 2 §7): reading, viewing and liking need no token
  'stories.list': { method: 'GET', path: '/histoires', auth: 'public' },
  'stories.publish': { method: 'POST', path: '/histoires', auth: 'member' },
  'stories.view': { method: 'POST', path: '/histoires/:id/view', auth: 'public' },
  'stories.like': { method: 'POST', path: '/histoires/:id/like', auth: 'public' },
  // swipes and nearby (spec 1 §7)
  'swipes.profiles': { method: 'POST', path: '/swipe/profiles', auth: 'member' },
  'swipes.swipe': { method: 'POST', path: '/swipe', auth: 'member' },
  'nearby.update': { method: 'POST', path: '/location/update', auth: 'member' },
  'nearby.current': { method: 'POST', path: '/location/current', auth: 'member' },
  'nearby.search': { method: 'POST', path: '/location/nearby', auth: 'member' },
  // chats, messages and presence (spec 2 §7 "Chat and presence")
  'chats.list': { method: 'POST', path: '/chats', auth: 'member' },
  'chats.create': { method: 'POST', path: '/chats/create', auth: 'member' },
  'chats.details': { method: 'POST', path: '/chats/:id', auth: 'member' },
  'chats.messages': { method: 'POST', path: '/chats/:id/messages', auth: 'member' },
  'chats.search': { method: 'POST', path: '/chats/:id/search', auth: 'member' },
  'chats.read': { method: 'POST', path: '/chats/:id/read', auth: 'member' },
  'chats.mute': { method: 'POST', path: '/chats/:id/mute', auth: 'member' },
  'chats.leave': { method: 'POST', path: '/chats/:id/leave', auth: 'member' },
  // « Ne plus voir ce profil » (issue 29, beyond the spec)
  'chats.unmatch': { method: 'POST', path: '/chats/:id/unmatch', auth: 'member' },
  'chats.unlock': { method: 'POST', path: '/chats/:id/unlock', auth: 'member' },
  'chats.typing': { method: 'POST', path: '/chats/:id/typing', auth: 'member' },
  'messages.text': { method: 'POST', path: '/messages/text', auth: 'member' },
  'messages.image': { method: 'POST', path: '/messages/image', auth: 'member' },
  'messages.audio': { method: 'POST', path: '/messages/audio', auth: 'member' },
  'messages.read': { method: 'POST', path: '/messages/:id/read', auth: 'member' },
  'messages.edit': { method: 'PUT', path: '/messages/:id/edit', auth: 'member' },
  'messages.delete': { method: 'DELETE', path: '/messages/:id', auth: 'member' },
  'realtime.forceOnline': { method: 'POST', path: '/realtime/force-online', auth: 'member' },
  'realtime.markOffline': { method: 'POST', path: '/realtime/mark-offline', auth: 'member' },
  // a chat photo or voice message behind a signed, expiring link (the signature is the key)
  'media.file': { method: 'GET', path: '/media/*', auth: 'public' },
  // notifications and Web Push (spec 1 §3, §7)
  'notifications.list': { method: 'POST', path: '/notifications', auth: 'member' },
  'notifications.markRead': { method: 'POST', path: '/notifications/mark-read', auth: 'member' },
  'notifications.markAllRead': {
    method: 'POST',
    path: '/notifications/mark-all-read',
    auth: 'member',
  },
  'notifications.channelAuth': { method: 'POST', path: '/broadcasting/auth', auth: 'member' },
  'push.publicKey': { method: 'GET', path: '/push/public-key', auth: 'public' },
  'push.subscribe': { method: 'POST', path: '/push/subscribe', auth: 'member' },
  'push.unsubscribe': { method: 'POST', path: '/push/unsubscribe', auth: 'member' },
  // support (spec 2 §7)
  'support.reasons': { method: 'GET', path: '/support/reasons', auth: 'public' },
  'support.create': { method: 'POST', path: '/support/create', auth: 'member' },
  'support.myTickets': { method: 'POST', path: '/support/my-tickets', auth: 'member' },
  // coins (spec 2 §4, §7)
  'coins.socialJoin': { method: 'POST', path: '/social/join', auth: 'member' },
  // payments (spec 2 §7)
  'payments.initCard': { method: 'POST', path: '/init-cinet', auth: 'member' },
  'payments.checkCard': { method: 'POST', path: '/check-cinet-payment', auth: 'member' },
  'payments.initMobile': { method: 'POST', path: '/init-bf-payment', auth: 'member' },
  'payments.checkMobile': { method: 'POST', path: '/check-bf-payment', auth: 'member' },
  'payments.mine': { method: 'POST', path: '/my-payments', auth: 'member' },
  'payments.region': { method: 'GET', path: '/payments/region', auth: 'member' },
  // the providers' calls and the browser's return from them (signature checked by the adapters)
  'payments.cinetpayPing': { method: 'GET', path: '/payments/cinetpay/notify', auth: 'public' },
  'payments.cinetpayNotify': { method: 'POST', path: '/payments/cinetpay/notify', auth: 'public' },
  'payments.returnGet': { method: 'GET', path: '/payments/return', auth: 'public' },
  'payments.returnPost': { method: 'POST', path: '/payments/return', auth: 'public' },
  // accounts (spec 1 §4 wizard; operators)
  'geo.locate': { method: 'GET', path: '/geo/locate', auth: 'public' },
  'health.check': { method: 'GET', path: '/health', auth: 'public' },
  // sign-in (spec 1 §4, §7)
  'auth.register': { method: 'POST', path: '/register', auth: 'public' },
  'auth.login': { method: 'POST', path: '/login', auth: 'public' },
  'auth.verifyOtp': { method: 'POST', path: '/verify-otp', auth: 'public' },
  'auth.resendOtp': { method: 'POST', path: '/resend-otp', auth: 'public' },
  'auth.forgotPassword': { method: 'POST', path: '/password/forgot', auth: 'public' },
  'auth.resetPassword': { method: 'POST', path: '/password/reset', auth: 'public' },
  'auth.logout': { method: 'POST', path: '/logout', auth: 'member' },
  'auth.google': { method: 'GET', path: '/auth/google', auth: 'public' },
  'auth.googleCallback': { method: 'POST', path: '/auth/google/callback', auth: 'public' },
  'auth.status': { method: 'POST', path: '/verify-auth-status', auth: 'member' },
  // the account menu (issue 9)
  'account.settings': { method: 'POST', path: '/account/settings', auth: 'member' },
  'account.anonymous': { method: 'POST', path: '/account/anonymous', auth: 'member' },
  'account.export': { method: 'GET', path: '/account/export', auth: 'member' },
  'account.deletionCode': { method: 'POST', path: '/account/delete/code', auth: 'member' },
  'account.delete': { method: 'POST', path: '/account/delete', auth: 'member' },
  // privacy settings (issue 29): the signed-in member's own, nobody else's
  'privacy.settings': { method: 'GET', path: '/me/settings', auth: 'member' },
  'privacy.update': { method: 'PATCH', path: '/me/settings', auth: 'member' },
  // profiles (spec 1 §3, §7; spec 2 §7); the uploads read their token from the form
  'profile.own': { method: 'POST', path: '/profile', auth: 'member' },
  'profile.get': { method: 'GET', path: '/user/profile', auth: 'member' },
  'profile.complete': { method: 'POST', path: '/complete-profile', auth: 'member' },
  'profile.update': { method: 'POST', path: '/profile/update', auth: 'member' },
  'profile.markGiftSeen': { method: 'POST', path: '/user/mark-gift-seen', auth: 'member' },
  'profile.dailyReward': { method: 'POST', path: '/daily-rewards/info', auth: 'member' },
  'profile.dailyRewardSeen': { method: 'POST', path: '/daily-rewards/seen', auth: 'member' },
  'profile.view': { method: 'POST', path: '/users/:id/view', auth: 'member' },
  // several photos and verification (issue 28); the uploads read their token from the form
  'photos.mine': { method: 'POST', path: '/profile/photos', auth: 'member' },
  'photos.add': { method: 'POST', path: '/profile/photos/add', auth: 'member' },
  'photos.replace': { method: 'POST', path: '/profile/photos/:id/replace', auth: 'member' },
  'photos.delete': { method: 'POST', path: '/profile/photos/:id/delete', auth: 'member' },
  'photos.reorder': { method: 'POST', path: '/profile/photos/order', auth: 'member' },
  'photos.ofMember': { method: 'POST', path: '/users/:id/photos', auth: 'member' },
  'verification.status': { method: 'POST', path: '/verification', auth: 'member' },
  'verification.submit': { method: 'POST', path: '/verification/selfies', auth: 'member' },
  // the passions a member may choose (spec 1 "Swipes"): a fixed list, nothing personal
  'passions.list': { method: 'GET', path: '/passions', auth: 'public' },
  // block and report (beyond the spec)
  'safety.block': { method: 'POST', path: '/users/:id/block', auth: 'member' },
  'safety.unblock': { method: 'POST', path: '/users/:id/unblock', auth: 'member' },
  'safety.blocks': { method: 'POST', path: '/blocks', auth: 'member' },
  'safety.reportReasons': { method: 'GET', path: '/report-reasons', auth: 'public' },
  'safety.report': { method: 'POST', path: '/users/:id/report', auth: 'member' },
  // voice calls (issue 30)
  'calls.start': { method: 'POST', path: '/calls', auth: 'member' },
  'calls.get': { method: 'GET', path: '/calls/:id', auth: 'member' },
  'calls.answer': { method: 'POST', path: '/calls/:id/answer', auth: 'member' },
  'calls.decline': { method: 'POST', path: '/calls/:id/decline', auth: 'member' },
  'calls.hangup': { method: 'POST', path: '/calls/:id/hangup', auth: 'member' },
  'calls.stats': { method: 'POST', path: '/calls/:id/stats', auth: 'member' },
  'calls.turn': { method: 'POST', path: '/calls/turn-credentials', auth: 'member' },
  // moderation console (issue 10)
  'admin.dashboard': { method: 'GET', path: '/admin/dashboard', auth: 'staff' },
  'admin.audit': { method: 'GET', path: '/admin/audit', auth: 'admin' },
  'admin.promotions.send': { method: 'POST', path: '/admin/promotions', auth: 'admin' },
  'admin.members.list': { method: 'GET', path: '/admin/members', auth: 'staff' },
  'admin.members.get': { method: 'GET', path: '/admin/members/:id', auth: 'staff' },
  'admin.members.block': { method: 'POST', path: '/admin/members/:id/block', auth: 'staff' },
  'admin.members.unblock': { method: 'POST', path: '/admin/members/:id/unblock', auth: 'staff' },
  'admin.members.resetDevice': {
    method: 'POST',
    path: '/admin/members/:id/reset-device',
    auth: 'staff',
  },
  'admin.members.role': { method: 'POST', path: '/admin/members/:id/role', auth: 'admin' },
  'admin.members.coins': { method: 'POST', path: '/admin/members/:id/coins', auth: 'admin' },
  'admin.members.deletePhoto': {
    method: 'POST',
    path: '/admin/members/:id/photo/delete',
    auth: 'staff',
  },
  'admin.members.warn': { method: 'POST', path: '/admin/members/:id/warn', auth: 'staff' },
  'admin.verifications.list': { method: 'GET', path: '/admin/verifications', auth: 'staff' },
  'admin.verifications.get': { method: 'GET', path: '/admin/verifications/:id', auth: 'staff' },
  'admin.verifications.approve': {
    method: 'POST',
    path: '/admin/verifications/:id/approve',
    auth: 'staff',
  },
  'admin.verifications.refuse': {
    method: 'POST',
    path: '/admin/verifications/:id/refuse',
    auth: 'staff',
  },
  'admin.reports.list': { method: 'GET', path: '/admin/reports', auth: 'staff' },
  'admin.reports.evidence': { method: 'GET', path: '/admin/reports/:id/evidence', auth: 'staff' },
  'admin.scams.list': { method: 'GET', path: '/admin/scams', auth: 'staff' },
  'admin.scams.messages': { method: 'GET', path: '/admin/scams/:id/messages', auth: 'staff' },
  'admin.scams.warn': { method: 'POST', path: '/admin/scams/:id/warn', auth: 'staff' },
  'admin.scams.block': { method: 'POST', path: '/admin/scams/:id/block', auth: 'staff' },
  'admin.scams.release': { method: 'POST', path: '/admin/scams/:id/release', auth: 'staff' },
  'admin.reports.dismiss': { method: 'POST', path: '/admin/reports/:id/dismiss', auth: 'staff' },
  'admin.reports.warn': { method: 'POST', path: '/admin/reports/:id/warn', auth: 'staff' },
  'admin.reports.block': { method: 'POST', path: '/admin/reports/:id/block', auth: 'staff' },
  'admin.stories.list': { method: 'GET', path: '/admin/stories', auth: 'staff' },
  'admin.stories.approve': { method: 'POST', path: '/admin/stories/:id/approve', auth: 'staff' },
  'admin.stories.reject': { method: 'POST', path: '/admin/stories/:id/reject', auth: 'staff' },
  'admin.tickets.list': { method: 'GET', path: '/admin/tickets', auth: 'staff' },
  'admin.tickets.update': { method: 'POST', path: '/admin/tickets/:id', auth: 'staff' },
  'admin.announcements.list': { method: 'GET', path: '/admin/announcements', auth: 'staff' },
  'admin.announcements.hide': {
    method: 'POST',
    path: '/admin/announcements/:id/hide',
    auth: 'staff',
  },
  'admin.announcements.restore': {
    method: 'POST',
    path: '/admin/announcements/:id/restore',
    auth: 'staff',
  },
  'admin.announcements.delete': {
    method: 'POST',
    path: '/admin/announcements/:id/delete',
    auth: 'staff',
  },
  'admin.payments.list': { method: 'GET', path: '/admin/payments', auth: 'admin' },
  'admin.payments.recheck': {
    method: 'POST',
    path: '/admin/payments/:id/recheck',
    auth: 'admin',
  },
  'admin.ledgerAudit': { method: 'GET', path: '/admin/ledger-audit', auth: 'admin' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
