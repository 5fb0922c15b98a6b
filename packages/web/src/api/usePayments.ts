/**
 * Coins (spec 2 §7 "Payments", "Profile" social join): the payment region, the purchase
 * history, the payment calls the buy screen makes and polls, and the social join. Answers are
 * typed from @app/shared; provider secrets never reach this side.
 */
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  COINS_MSG,
  MY_PAYMENTS_PER_PAGE,
  type TMobileMoneyMethod,
  type TPayment,
  type TPaymentRegion,
  type TSocialJoinData,
  type TSocialPlatform,
} from '@app/shared';
import { ApiError, type ApiResult, hasMoreOf, serverWords } from './client';
import { call, type CallResult } from './call';
import { memberChanged } from './memberChanged';

const paymentsKey = ['payments'] as const;
const regionKey = [...paymentsKey, 'region'] as const;
const historyKey = [...paymentsKey, 'history'] as const;

async function fetchRegion(): Promise<TPaymentRegion> {
  const res = await call('payments.region', {});
  // Spec 2 §4: anything but a Burkina answer, or a failure, is the international flow.
  return res.success && res.data?.region === 'burkina' ? 'burkina' : 'international';
}

/** Prefetched when the buy screen opens, so the tap on 'Acheter maintenant' is instant. */
export function usePaymentRegion() {
  return useQuery({ queryKey: regionKey, queryFn: fetchRegion, staleTime: 10 * 60_000 });
}

export function ensurePaymentRegion(client: QueryClient): Promise<TPaymentRegion> {
  return client
    .fetchQuery({ queryKey: regionKey, queryFn: fetchRegion, staleTime: 10 * 60_000 })
    .catch(() => 'international' as const);
}

export interface PaymentsPage {
  items: TPayment[];
  page: number;
  hasMore: boolean;
}

/**
 * Why /buying could not load (spec 2 §8): the server's own message, or else 'Erreur lors du
 * chargement des paiements', for a network failure too, never the client's generic texts.
 */
export function paymentsListError(res: ApiResult) {
  return serverWords(res, COINS_MSG.listFailed);
}

/** POST /my-payments, newest first, 20 a page; a failure carries paymentsListError. */
export function useMyPayments() {
  return useInfiniteQuery({
    queryKey: historyKey,
    initialPageParam: 1,
    staleTime: 0,
    queryFn: async ({ pageParam, signal }): Promise<PaymentsPage> => {
      const res = await call(
        'payments.mine',
        { page: pageParam, per_page: MY_PAYMENTS_PER_PAGE },
        { signal },
      );
      if (!res.success) throw new ApiError(paymentsListError(res), res);
      const hasMore = hasMoreOf(res);
      return { items: Array.isArray(res.data) ? res.data : [], page: pageParam, hasMore };
    },
    getNextPageParam: (last: PaymentsPage) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export const initCardPayment = (body: { payment_id: string; amount: number; pack_id: number }) =>
  call('payments.initCard', body);

export const checkCardPayment = (paymentId: string) =>
  call('payments.checkCard', { payment_id: paymentId });

export const initMobilePayment = (body: {
  amount: number;
  pack_id: number;
  phone: string;
  payment_method: TMobileMoneyMethod;
  otp?: string;
}) => call('payments.initMobile', body);

/** The body's `token` is the payment's; the session travels as the bearer header. */
export const checkMobilePayment = (token: string) => call('payments.checkMobile', { token });

/** The status a check answered (top-level per the spec, or in data), or null. */
export function statusOf(
  res: CallResult<'payments.checkCard'> | CallResult<'payments.checkMobile'>,
): string | null {
  if (!res.success) return null;
  return res.status ?? res.data?.status ?? null;
}

/** After a purchase: the top bar's balance and the history are stale. */
export function useRefreshAfterPurchase() {
  const client = useQueryClient();
  return () => {
    void memberChanged(client);
    void client.invalidateQueries({ queryKey: historyKey });
  };
}

export const joinSocialNetwork = (platform: TSocialPlatform) =>
  call('coins.socialJoin', { platform });

/** Spec 2 §4: coins become new_balance and the network's joined flag turns true at once. */
export function applySocialJoin(client: QueryClient, data: TSocialJoinData) {
  void memberChanged(client, {
    settled: true,
    fields: (old) => ({
      coins: data.new_balance,
      social_media: {
        joined_facebook: old.social_media?.joined_facebook ?? false,
        joined_tiktok: old.social_media?.joined_tiktok ?? false,
        joined_youtube: old.social_media?.joined_youtube ?? false,
        [`joined_${data.platform}`]: true,
      },
    }),
  });
}
