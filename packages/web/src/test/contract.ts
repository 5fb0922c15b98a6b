/**
 * Answers for the MSW handlers, built from the shared contract: every body is typed with the
 * @app/shared answer types (and requests are read with its zod schemas where it has them), so
 * a change to the contract breaks these tests at type check or at run time, as it would the app.
 */
import { HttpResponse } from 'msw';
import type { TChatDetails, TChatMessage, TEnvelope, TPaymentCheck } from '@app/shared';
import type { OwnProfile } from '../api/useProfile';

/** A success envelope; `extra` holds the spec's top-level fields (status, token...). */
export function ok<T>(data: T, extra: Record<string, unknown> = {}, status = 200) {
  const body: TEnvelope<T> = { success: true, message: '', data, ...extra };
  return HttpResponse.json(body, { status });
}

/** A refusal envelope with the server's French message. */
export function refusal(status: number, message: string, extra: Record<string, unknown> = {}) {
  const body: TEnvelope = { success: false, message, ...extra };
  return HttpResponse.json(body, { status });
}

/** The JSON body of a request, as an object (empty when it is not one). */
export async function jsonOf(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => ({}));
  return body && typeof body === 'object' ? { ...body } : {};
}

export const ME = 11;
const OTHER = 22;
const AT = '2026-11-20T10:00:00.000Z';

/** Awa's own profile; complete when it has a name, a photo, an age and a locality. */
export function ownProfile(over: Partial<OwnProfile> = {}): OwnProfile {
  const profile: OwnProfile = {
    id: ME,
    name: 'Awa',
    email: 'awa@test.bf',
    age: 27,
    birth_date: '1999-05-14',
    gender: 'femme',
    locality: 'Ouagadougou, Burkina Faso',
    bio: null,
    details: {},
    photo: null,
    photos: null,
    verified: false,
    coins: 150,
    stats: { likes_received: 0 },
    passions: [],
    social_media: { joined_facebook: false, joined_tiktok: false, joined_youtube: false },
    gifted_signup: true,
    invitation_code: 'AWA27XYZ',
    email_verified: true,
    profile_complete: false,
    created_at: AT,
    ...over,
  };
  const { name, photo, age, locality } = profile;
  const complete = !!(name && photo && age && locality);
  return { ...profile, profile_complete: over.profile_complete ?? complete };
}

export function chatMessage(over: Partial<TChatMessage> & Pick<TChatMessage, 'id'>): TChatMessage {
  const chatId = over.chat_id ?? 7;
  return {
    chat_id: chatId,
    chatId,
    sender_id: OTHER,
    type: 'text',
    content: 'Bonjour',
    file_url: null,
    preview_url: null,
    preview_lite_url: null,
    duration: null,
    reply_to_id: null,
    status: 'read',
    created_at: AT,
    timestamp: AT,
    edited_at: null,
    client_id: null,
    ...over,
  };
}

export function chatDetails(over: Partial<TChatDetails> = {}): TChatDetails {
  return {
    id: 7,
    participants: [
      {
        id: 1,
        user_id: ME,
        name: 'Awa',
        photo: null,
        is_online: true,
        is_current_user: true,
        verified: false,
      },
      {
        id: 2,
        user_id: OTHER,
        name: 'Brice',
        photo: null,
        is_online: false,
        is_current_user: false,
        verified: false,
      },
    ],
    messages: [],
    is_locked_for_user: false,
    locked_sender: false,
    locked_receiver: false,
    is_sender: true,
    unlock_cost: 100,
    user_coins: 150,
    current_user_name: 'Awa',
    muted: false,
    origin: 'contact',
    ...over,
  };
}

export function paymentCheck(over: Partial<TPaymentCheck> = {}): TPaymentCheck {
  return {
    status: 'pending',
    payment_id: '1234567890',
    amount: 2500,
    coins: 500,
    bonus: 50,
    balance: 0,
    ...over,
  };
}
