/**
 * A code that is lost is said to be lost (issue 29). A code mail the relay refuses is not
 * dropped: the undelivered code is forgotten at once (nobody holds it, so the resend
 * cooldown does not stand in the member's way), the caller says so in French, and the mail
 * goes to a queue that tries again with a fresh code, every CODE_MAIL_RETRY_INTERVAL_S, backing
 * off, until it leaves or its tries run out. A code mail that leaves clears its queued retry.
 */
import type { Deps } from '../../deps.js';
import { otpMail, passwordResetMail } from '../../adapters/mail/index.js';
import { issueCode } from './codes.js';
import { forgetNewestCode, type CodePurpose } from './codes.repository.js';
import * as retries from './code-mail-retries.repository.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { findUserById } from './users.repository.js';

/** The purposes the queue retries: sign-up and password codes, asked for while signed out. */
export type QueuedPurpose = Extract<CodePurpose, 'verify' | 'reset'>;

type MailDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'mailer'>;

const RETRY_LOCK = 724_291;
const BATCH = 20;
/** Tries after the first refusal, then the mail is given up (and logged). */
const CODE_MAIL_MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min… at most 30 min between tries (about an hour in all). */
const retryDelayS = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 30 * 60);

const mailOf = (purpose: QueuedPurpose, code: string) =>
  purpose === 'verify' ? otpMail(code) : passwordResetMail(code);

/**
 * Issues a fresh code and mails it; answers false when the relay refused it (the code is
 * then forgotten and the mail queued). Never throws for the mail itself.
 */
export async function sendCodeMail(
  deps: MailDeps,
  user: { id: number; email: string },
  purpose: QueuedPurpose,
): Promise<boolean> {
  const now = deps.clock.now();
  const code = await issueCode(deps.db, user.id, purpose, now);
  try {
    await deps.mailer.send({ to: user.email, ...mailOf(purpose, code) });
  } catch (err) {
    deps.log.error(
      { err, userId: user.id, purpose },
      'mail du code refusé : nouvel essai plus tard',
    );
    await forgetNewestCode(deps.db, user.id, purpose);
    await retries.queueRetry(deps.db, {
      userId: user.id,
      purpose,
      nextTryAt: new Date(now.getTime() + retryDelayS(1) * 1000),
    });
    return false;
  }
  await retries.dropRetry(deps.db, user.id, purpose);
  return true;
}

/** Whether a queued code is still wanted: the member is there, and still needs it. */
async function stillWanted(deps: MailDeps, userId: number, purpose: QueuedPurpose) {
  const user = await findUserById(deps.db, userId);
  if (!user || user.blocked_at) return false;
  return purpose === 'reset' || !user.email_verified_at;
}

/** One run of the queue: answers how many code mails left. */
export async function retryCodeMails(deps: MailDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db.transaction().execute(async (trx) => {
    if (!(await retries.tryRetryLock(trx, RETRY_LOCK))) return [];
    return retries.claimDueRetries(trx, now, BATCH, retryDelayS);
  });
  let sent = 0;
  for (const r of due) {
    const purpose = r.purpose === 'reset' ? 'reset' : 'verify';
    if (r.attempts > CODE_MAIL_MAX_ATTEMPTS || !(await stillWanted(deps, r.user_id, purpose))) {
      if (r.attempts > CODE_MAIL_MAX_ATTEMPTS)
        deps.log.error({ userId: r.user_id, purpose }, 'mail du code abandonné après ses essais');
      await retries.dropRetry(deps.db, r.user_id, purpose);
      continue;
    }
    const code = await issueCode(deps.db, r.user_id, purpose, deps.clock.now());
    try {
      await deps.mailer.send({ to: r.email, ...mailOf(purpose, code) });
      await retries.dropRetry(deps.db, r.user_id, purpose);
      sent += 1;
    } catch (err) {
      // Still queued: the claim already pushed its next try back.
      deps.log.warn({ err, userId: r.user_id, purpose }, 'mail du code encore refusé');
      await forgetNewestCode(deps.db, r.user_id, purpose);
    }
  }
  return sent;
}

/** Starts the queue (when its interval is not 0); the answer stops it and waits. */
export function startCodeMailRetries(deps: MailDeps & Pick<Deps, 'config'>) {
  return startPeriodicJob(
    deps.config.codeMailRetryIntervalS * 1000,
    () => retryCodeMails(deps),
    (err) => deps.log.error({ err }, 'file des mails de code en échec'),
  );
}
