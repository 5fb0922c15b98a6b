/**
 * The route table: every converted API call, by name, with its address, schemas and error
 * codes (one file per domain, merged here), and the types the server and the web derive from
 * it. The web imports only the types and the zod-free ENDPOINTS; the server imports `API`.
 */
import type { z } from 'zod';
import type { Endpoint, EndpointName } from './endpoints.js';
import type { RouteSpec } from './define.js';
import { announcementRoutes } from './announcements.js';
import { storyRoutes } from './stories.js';
import { supportRoutes } from './support.js';
import { notificationRoutes } from './notifications.js';
import { coinRoutes } from './coins.js';
import { paymentRoutes } from './payments.js';
import { swipeRoutes } from './swipes.js';
import { accountsRoutes } from './accounts.js';
import { safetyRoutes } from './safety.js';
import { adminRoutes } from './admin.js';
import { authRoutes } from './auth.js';
import { accountRoutes } from './account.js';
import { profileRoutes } from './profiles.js';
import { chatRoutes } from './chats.js';
import { photoRoutes } from './photos.js';
import { callRoutes } from './calls.js';
import { privacyRoutes } from './privacy.js';

export * from './endpoints.js';
export * from './errors.js';
export { defineRoute, type FormField, type RouteSpec } from './define.js';

/** `satisfies`: a name in ENDPOINTS without its schemas here fails the type check. */
export const API = {
  ...announcementRoutes,
  ...storyRoutes,
  ...supportRoutes,
  ...notificationRoutes,
  ...coinRoutes,
  ...paymentRoutes,
  ...swipeRoutes,
  ...accountsRoutes,
  ...safetyRoutes,
  ...photoRoutes,
  ...adminRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...profileRoutes,
  ...chatRoutes,
  ...callRoutes,
  ...privacyRoutes,
} satisfies Record<EndpointName, RouteSpec & Endpoint>;

export type ApiTable = typeof API;
export type RouteName = keyof ApiTable;

/** What the caller sends: the request schema's input, plus the path parameters. */
export type RequestOf<N extends RouteName> = (ApiTable[N] extends {
  request: infer R extends z.ZodType;
}
  ? z.input<R>
  : Record<never, never>) &
  (ApiTable[N] extends { params: infer P extends z.ZodType } ? z.input<P> : Record<never, never>);

/** What the handler receives: the request and path parameters once parsed. */
export type InputOf<N extends RouteName> = (ApiTable[N] extends {
  request: infer R extends z.ZodType;
}
  ? z.output<R>
  : Record<never, never>) &
  (ApiTable[N] extends { params: infer P extends z.ZodType } ? z.output<P> : Record<never, never>);

/** The whole success envelope as the handler builds it (before extra fields are dropped). */
export type AnswerOf<N extends RouteName> = z.input<ApiTable[N]['response']>;

/** The envelope as the client receives it. */
export type ReceivedOf<N extends RouteName> = z.output<ApiTable[N]['response']>;

/** The `data` of a success answer. */
export type DataOf<N extends RouteName> = NonNullable<
  ReceivedOf<N> extends { data?: infer D } ? D : never
>;
