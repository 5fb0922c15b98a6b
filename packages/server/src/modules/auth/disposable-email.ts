/**
 * Disposable (throwaway) e-mail domains, from the maintained `mailchecker` list: an address
 * that costs nothing to make would let one person collect signup gifts and referral rewards.
 */
import mailchecker from 'mailchecker';

/** True when the address's domain, or a domain it belongs to, is a known throwaway service. */
export function isDisposableEmail(email: string): boolean {
  const list = mailchecker.blacklist();
  let domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  for (;;) {
    if (list.has(domain)) return true;
    const dot = domain.indexOf('.');
    if (dot === -1) return false;
    domain = domain.slice(dot + 1);
  }
}
