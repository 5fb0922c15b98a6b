/**
 * The one interface behind every payment provider (CinetPay, Orange Money Burkina, Moov Money
 * Burkina, the simulator). An adapter only speaks its provider's API: it never touches the
 * database, never decides to credit anything. `start` asks the provider to begin a payment;
 * `status` is the provider's own word on it. Coins are credited from a `status` success or,
 * for a provider whose payment call is itself the confirmation (Orange Money's OMPREQ), from
 * a `paid` start; either way settle.ts checks the amount and currency first.
 */
export type PaymentMethod = 'card' | 'orange' | 'moov';
export type ProviderName = 'cinetpay' | 'orange_bf' | 'moov_bf' | 'simulator';

export interface StartRequest {
  /** Our order's payment id: the transaction id the provider keeps. */
  paymentId: string;
  /** Whole FCFA (XOF). */
  amount: number;
  description: string;
  /** 8 national digits (mobile money). */
  phone: string | null;
  /** Orange Money's OTP, made by the customer with the USSD code. */
  otp: string | null;
  customer: { id: number; email: string; name: string | null };
  /** Where the provider posts its notifications (CinetPay). */
  notifyUrl: string;
  /** Where the customer's browser comes back after the provider's page (CinetPay). */
  returnUrl: string;
}

export type StartResult =
  /** The customer pays on the provider's page (card). */
  | { outcome: 'redirect'; paymentUrl: string; reference: string | null }
  /**
   * The payment call's own answer confirms the debit (Orange Money): `confirmation` is read
   * like a status answer, amount and currency included.
   */
  | { outcome: 'paid'; confirmation: StatusResult }
  /** The customer confirms on the phone, or the operator is processing: ask `status` later. */
  | { outcome: 'pending'; reference: string | null }
  /** The provider said no (bad OTP, refused number, bad request): nothing was paid. */
  | { outcome: 'refused'; reason: string }
  /** Time-out, network failure or an unreadable answer: the outcome is not known yet. */
  | { outcome: 'unknown'; reason: string };

export interface StatusRequest {
  paymentId: string;
  reference: string | null;
  amount: number;
}

export interface StatusResult {
  /** unknown = the provider could not be asked or answered something unreadable. */
  status: 'pending' | 'success' | 'failed' | 'unknown';
  /** What the provider says was paid; a success is credited only when it equals the order. */
  amount: number | null;
  /** ISO code as the provider states it (XOF). */
  currency: string | null;
  reference: string | null;
  reason: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly method: PaymentMethod;
  start(req: StartRequest): Promise<StartResult>;
  status(req: StatusRequest): Promise<StatusResult>;
}

export const unknownStatus = (reason: string): StatusResult => ({
  status: 'unknown',
  amount: null,
  currency: null,
  reference: null,
  reason,
});

/** Provider amounts arrive as numbers or strings ("1000", "1000.00"); null when unreadable. */
export function readAmount(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && value !== '' ? n : null;
}
