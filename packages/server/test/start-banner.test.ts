/** The banner printed once the server listens: where to go, and what the demo offers. */
import { describe, expect, it } from 'vitest';
import { openAddress, startBanner } from '../src/start-banner.js';

const demo = { email: 'demo@rencontre.bf', password: 'Ouaga2025!' };

describe('startBanner', () => {
  it('names the address, the demo account, the docs, the console and the dev outbox', () => {
    const text = startBanner({ url: 'http://localhost:3000', demoAccount: demo, devOutbox: true });
    expect(text.split('\n').filter(Boolean)).toEqual([
      'Rencontre est prêt : http://localhost:3000',
      '  Compte de démonstration : demo@rencontre.bf / Ouaga2025!',
      "  Documentation de l'API : http://localhost:3000/api/docs",
      "  Console d'administration : http://localhost:3000/admin",
      "  Boîte d'envoi (e-mails de développement) : http://localhost:3000/dev/outbox",
    ]);
  });

  it('leaves out the demo account without the seed and the outbox when not mounted', () => {
    const text = startBanner({ url: 'http://localhost:8080', demoAccount: null, devOutbox: false });
    expect(text).toContain('http://localhost:8080/api/docs');
    expect(text).toContain('http://localhost:8080/admin');
    expect(text).not.toMatch(/démonstration|Ouaga2025|outbox/);
  });

  it('is plain text, not a JSON log line', () => {
    const text = startBanner({ url: 'http://localhost:3000', demoAccount: demo, devOutbox: true });
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('openAddress', () => {
  it('opens localhost when the server listens on every interface or the loopback', () => {
    expect(openAddress('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(openAddress('::', 4000)).toBe('http://localhost:4000');
    expect(openAddress('127.0.0.1', 3000)).toBe('http://localhost:3000');
  });

  it('keeps another host, with brackets around an IPv6 one', () => {
    expect(openAddress('192.168.1.20', 3000)).toBe('http://192.168.1.20:3000');
    expect(openAddress('fd00::1', 3000)).toBe('http://[fd00::1]:3000');
  });
});
