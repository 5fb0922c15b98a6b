/**
 * The payments module's door: what other modules (the console, the app) may use. Routes, the
 * reconciliation job, the services' deps, and re-checking one order from the console.
 */
export { paymentRoutes } from './payment.routes.js';
export { providerRoutes } from './provider.routes.js';
export { startPaymentReconciliation } from './reconcile.job.js';
export { paymentDeps, type PaymentDeps } from './payment.deps.js';
export { refreshOrder } from './settle.js';
export { findOrderById } from './payment.repository.js';
export type { OrderRow } from './order-row.js';
