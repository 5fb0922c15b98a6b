/**
 * The few plain lines the server prints once it listens (not a log line, so not JSON): the
 * address to open, the demo account when the demo seed is on, the API docs, the admin console
 * and the dev outbox when it is mounted (outside production). Pure: main.ts gathers the facts.
 */

export interface BannerFacts {
  /** The address to open, without a trailing slash. */
  url: string;
  /** The demo account's sign-in, when the demo seed is on. */
  demoAccount: { email: string; password: string } | null;
  /** Whether GET /dev/outbox (modules/dev) is mounted. */
  devOutbox: boolean;
}

const WILDCARD_OR_LOOPBACK = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** The address a browser on this machine opens: localhost when the server listens on all. */
export function openAddress(host: string, port: number): string {
  if (WILDCARD_OR_LOOPBACK.has(host)) return `http://localhost:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

export function startBanner({ url, demoAccount, devOutbox }: BannerFacts): string {
  const lines = [
    '',
    `Rencontre est prêt : ${url}`,
    demoAccount && `  Compte de démonstration : ${demoAccount.email} / ${demoAccount.password}`,
    `  Documentation de l'API : ${url}/api/docs`,
    `  Console d'administration : ${url}/admin`,
    devOutbox && `  Boîte d'envoi (e-mails de développement) : ${url}/dev/outbox`,
    '',
  ];
  return lines.filter((line) => line !== null && line !== false).join('\n') + '\n';
}
