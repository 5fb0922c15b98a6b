/**
 * Buying coins (spec 2 "Buy coins", §4, §5, §7, §8): the card flow (CinetPay), the mobile-money
 * flow (Orange Money, Moov Money), the status checks the browser polls, the purchase history
 * and the region that picks the flow. The order is written before any provider is called;
 * coins only ever come from settle.ts.
 */
import crypto from 'node:crypto';
import {
  BURKINA_COUNTRY_CODE,
  COIN_CURRENCY_ISO,
  COINS_MSG,
  MSG,
  normalizeBurkinaPhone,
  packTotalCoins,
  resolvePack,
  type TCoinPack,
  type TInitBfData,
  type TInitBfRequest,
  type TInitCinetData,
  type TInitCinetRequest,
  type TMobileMoneyMethod,
  type TPaymentRegionData,
} from '@app/shared';
import { AppError } from '../../errors.js';
import { findBalance } from '../coins/index.js';
import type { PaymentMethod, PaymentProvider } from '../../adapters/payments/index.js';
import { isPrivateIp, normalizeIp } from '../../adapters/geoip/index.js';
import type { Deps } from '../../deps.js';
import type { PaymentDeps } from './payment.deps.js';
import * as repo from './payment.repository.js';
import type { OrderRow } from './payment.repository.js';
import { failureText } from './failure-text.js';
import { presentCheck, presentPayment } from './payment.presenter.js';
import { judge, refreshOrder, settleOrder } from './settle.js';
import { noteOfStart } from './provider-answer.js';

interface Payer {
  id: number;
  email: string;
  name: string | null;
}

/** The member paying, as the provider's customer fields need them. */
async function payerOf(deps: PaymentDeps, userId: number): Promise<Payer> {
  const user = await repo.findPayer(deps.db, userId);
  if (!user) throw new AppError('not_found', MSG.notFound, { status: 404 });
  return { id: user.id, email: user.email, name: user.name };
}

/** Starting payments: a brake on OTP guessing and on flooding providers. */
const INIT_LIMIT = { max: 10, windowS: 600 } as const;
/** Status checks: polling every 5 s is 12 a minute; room for a few tabs. */
const CHECK_LIMIT = { max: 120, windowS: 60 } as const;

const CARD: readonly PaymentMethod[] = ['card'];
const MOBILE: readonly PaymentMethod[] = ['orange', 'moov'];

function packOf(body: { amount?: number | null; pack_id?: number | null }): TCoinPack {
  const found = resolvePack(body);
  if ('error' in found) {
    throw new AppError('validation', found.error, { fields: { amount: [found.error] } });
  }
  return found.pack;
}

function providerFor(deps: PaymentDeps, method: PaymentMethod): PaymentProvider {
  const provider = deps.providers[method];
  if (!provider) {
    throw new AppError('provider_unavailable', COINS_MSG.providerUnavailable, { status: 503 });
  }
  return provider;
}

const description = (pack: TCoinPack) => `Rencontre ${packTotalCoins(pack)} pieces`;

function startRequest(deps: PaymentDeps, order: OrderRow, payer: Payer, pack: TCoinPack) {
  return {
    paymentId: order.payment_id,
    amount: order.amount,
    description: description(pack),
    phone: order.phone,
    otp: null,
    customer: payer,
    notifyUrl: `${deps.config.publicUrl}/api/payments/cinetpay/notify`,
    returnUrl: `${deps.config.publicUrl}/api/payments/return?payment_id=${order.payment_id}`,
  };
}

async function createOrder(
  deps: PaymentDeps,
  payer: Payer,
  pack: TCoinPack,
  o: { paymentId: string; provider: PaymentProvider; phone: string | null },
) {
  return repo.insertOrder(deps.db, {
    paymentId: o.paymentId,
    userId: payer.id,
    packId: pack.id,
    amount: pack.price,
    currency: COIN_CURRENCY_ISO,
    coins: pack.coins,
    bonus: pack.bonus,
    provider: o.provider.name,
    method: o.provider.method,
    phone: o.phone,
  });
}

/** Card: the order under the browser's payment id, then CinetPay's payment page. */
export async function initCardPayment(
  deps: PaymentDeps,
  userId: number,
  body: TInitCinetRequest,
): Promise<TInitCinetData> {
  const pack = packOf(body);
  const provider = providerFor(deps, 'card');
  await deps.limiter.hit({ key: `payinit:user:${userId}`, ...INIT_LIMIT });
  const payer = await payerOf(deps, userId);
  const order = await createOrder(deps, payer, pack, {
    paymentId: body.payment_id,
    provider,
    phone: null,
  });
  if (!order) return resumeCardPayment(deps, payer, body.payment_id, pack);
  const started = await provider.start(startRequest(deps, order, payer, pack));
  await repo.recordAnswer(deps.db, order.id, noteOfStart(started, []), deps.clock.now());
  if (started.outcome === 'redirect') {
    await repo.recordStart(deps.db, order.id, {
      reference: started.reference,
      paymentUrl: started.paymentUrl,
    });
    return { payment_id: order.payment_id, payment_url: started.paymentUrl, status: 'pending' };
  }
  // Without a payment page the customer cannot pay: the order is closed at once.
  deps.log.warn({ orderId: order.id, started }, 'CinetPay : initialisation refusée');
  await settleOrder(deps, order.id, {
    status: 'failed',
    reference: null,
    reason: `init ${started.outcome}: ${'reason' in started ? started.reason : 'sans page'}`,
  });
  throw new AppError('payment_init_failed', COINS_MSG.initFailed, { status: 502 });
}

/** The same payment sent twice (a retry after a lost answer) gets the same page. */
async function resumeCardPayment(
  deps: PaymentDeps,
  payer: Payer,
  paymentId: string,
  pack: TCoinPack,
): Promise<TInitCinetData> {
  const existing = await repo.findOrderByPaymentId(deps.db, paymentId);
  if (
    existing &&
    existing.user_id === payer.id &&
    existing.amount === pack.price &&
    existing.status === 'pending' &&
    existing.payment_url
  ) {
    return { payment_id: paymentId, payment_url: existing.payment_url, status: 'pending' };
  }
  throw new AppError('payment_id_taken', COINS_MSG.paymentIdTaken, { status: 409 });
}

const newMobileToken = (method: TMobileMoneyMethod) =>
  `${method === 'orange' ? 'OM' : 'MM'}${crypto.randomBytes(12).toString('hex').toUpperCase()}`;

const refusedMessage = (method: TMobileMoneyMethod) =>
  method === 'orange' ? COINS_MSG.orangeRefused : COINS_MSG.moovRefused;

/** Mobile money: the order under a token of ours, then the operator. */
export async function initMobilePayment(
  deps: PaymentDeps,
  userId: number,
  body: TInitBfRequest,
): Promise<TInitBfData> {
  const pack = packOf(body);
  const phone = normalizeBurkinaPhone(body.phone);
  if (!phone) {
    throw new AppError('validation', COINS_MSG.phoneInvalid, {
      fields: { phone: [COINS_MSG.phoneInvalid] },
    });
  }
  const method = body.payment_method;
  const provider = providerFor(deps, method);
  await deps.limiter.hit({ key: `payinit:user:${userId}`, ...INIT_LIMIT });
  const payer = await payerOf(deps, userId);
  const order = await createOrder(deps, payer, pack, {
    paymentId: newMobileToken(method),
    provider,
    phone,
  });
  if (!order) throw new Error('payment token collision');
  const otp = method === 'orange' ? (body.otp ?? null) : null;
  const started = await provider.start({ ...startRequest(deps, order, payer, pack), otp });
  await repo.recordAnswer(deps.db, order.id, noteOfStart(started, [otp]), deps.clock.now());
  if (started.outcome === 'paid') {
    // The payment call's answer is the provider's confirmation (Orange Money): settled now,
    // with the same amount and currency checks as a status answer.
    const verdict = judge(deps, order, started.confirmation);
    const settled = verdict ? await settleOrder(deps, order.id, verdict) : undefined;
    return { token: order.payment_id, status: settled?.status ?? 'pending' };
  }
  if (started.outcome === 'refused') {
    await settleOrder(deps, order.id, {
      status: 'failed',
      reference: null,
      reason: started.reason,
    });
    throw new AppError('payment_refused', refusedMessage(method), { status: 403 });
  }
  if (started.outcome === 'unknown') {
    // The operator may have debited the customer: the order stays pending and is checked.
    deps.log.warn(
      { orderId: order.id, reason: started.reason },
      'paiement mobile : issue inconnue',
    );
  } else if (started.outcome === 'pending') {
    await repo.recordStart(deps.db, order.id, { reference: started.reference, paymentUrl: null });
  }
  return { token: order.payment_id, status: 'pending' };
}

async function checkOwnOrder(
  deps: PaymentDeps,
  userId: number,
  paymentId: string,
  methods: readonly PaymentMethod[],
) {
  await deps.limiter.hit({ key: `paycheck:user:${userId}`, ...CHECK_LIMIT });
  const order = await repo.findOwnOrder(deps.db, userId, paymentId, methods);
  if (!order) throw new AppError('not_found', COINS_MSG.paymentNotFound, { status: 404 });
  const fresh = await refreshOrder(deps, order);
  const balance = (await findBalance(deps.db, userId)) ?? 0;
  // A failed check says why, in French, in the envelope's message (spec 2 §4: the result screen).
  return {
    data: presentCheck(fresh, balance),
    message: fresh.status === 'failed' ? failureText(fresh.failure_reason) : undefined,
  };
}

export const checkCardPayment = (deps: PaymentDeps, userId: number, paymentId: string) =>
  checkOwnOrder(deps, userId, paymentId, CARD);

export const checkMobilePayment = (deps: PaymentDeps, userId: number, token: string) =>
  checkOwnOrder(deps, userId, token, MOBILE);

export async function listOwnPayments(
  deps: PaymentDeps,
  userId: number,
  page: number,
  perPage: number,
) {
  const rows = await repo.findOwnOrders(deps.db, userId, perPage + 1, (page - 1) * perPage);
  return {
    data: rows.slice(0, perPage).map(presentPayment),
    pagination: { page, per_page: perPage, has_more: rows.length > perPage },
  };
}

/**
 * Mobile money for members in Burkina Faso, the card flow for everyone else or when the
 * lookup fails. A private address (a laptop, the e2e run) counts as PAYMENT_LOCAL_COUNTRY.
 */
export async function paymentRegion(
  deps: Pick<Deps, 'log' | 'geoLocator' | 'config'>,
  rawIp: string,
): Promise<TPaymentRegionData> {
  const ip = normalizeIp(rawIp.trim());
  let code: string | null = null;
  try {
    code = (await deps.geoLocator.locate(ip)).country_code;
  } catch (err) {
    deps.log.debug({ err }, 'région de paiement : géolocalisation en échec');
  }
  if (!code && isPrivateIp(ip)) code = deps.config.payments.localCountry;
  return {
    region: code === BURKINA_COUNTRY_CODE ? 'burkina' : 'international',
    country_code: code,
  };
}
