/**
 * A count with French grouping, "2 000" (a narrow no-break space, as Intl writes it): a module
 * of its own, so that screens that only count pièces do not download the coin packs and rules.
 */
const frenchNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A count of pièces with French grouping. */
export const coinCount = (n: number) => frenchNumber.format(n);

export const COIN_CURRENCY = 'FCFA';

/** "1 000 FCFA" with French grouping. */
export const formatFcfa = (amount: number) => `${frenchNumber.format(amount)} ${COIN_CURRENCY}`;
