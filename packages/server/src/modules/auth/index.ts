/**
 * The auth module's door: what other modules may use. Accounts (users rows), e-mail codes,
 * passwords, the coin rewards of the accounts feature, and the routes.
 */
export { authRoutes } from './auth.routes.js';
export { actionFor, grantDailyBonusOnce } from './auth.service.js';
export { selectUser } from './users.repository.js';
export { assertCodeCooldownOver, checkCode, issueCode, type CodePurpose } from './codes.js';
export { verifyPassword } from './password.js';
export {
  announceReferralReward,
  businessDay,
  dailyBonusGivenToday,
  payReferralRewardIfDue,
} from './rewards.js';
export { oauthStateStore } from './oauth-state.repository.js';
export { retryCodeMails, startCodeMailRetries } from './code-mail.js';
