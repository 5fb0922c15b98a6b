/**
 * The payments module's door: what other modules (the console, the app) may use. Routes, the
 * reconciliation job, the services' deps, re-checking one order from the console, and the
 * count of orders stuck pending (metrics).
 */
export { paymentRoutes } from './payment.routes.js';
export { providerRoutes } from './provider.routes.js';
export { countStuckOrders, startPaymentReconciliation } from './reconcile.job.js';
export { paymentDeps, type PaymentDeps } from './payment.deps.js';
export { refreshOrder } from './settle.js';
export { findOrderById } from './payment.repository.js';
export type { OrderRow } from './order-row.js';
