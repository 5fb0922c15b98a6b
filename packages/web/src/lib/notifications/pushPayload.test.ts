import { describe, expect, it } from 'vitest';
import { parsePushPayload, sameOriginUrl, urlBase64ToUint8Array } from './pushPayload';

describe('urlBase64ToUint8Array', () => {
  it('decodes a base64url key without padding', () => {
    // "hi?>" in base64 is "aGk/Pg==", in base64url "aGk_Pg".
    expect([...urlBase64ToUint8Array('aGk_Pg')]).toEqual([104, 105, 63, 62]);
  });

  it('decodes a 65-byte VAPID public key', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(urlBase64ToUint8Array(key)).toEqual(bytes);
  });
});

describe('parsePushPayload', () => {
  it('reads the server payload', () => {
    const p = parsePushPayload(
      JSON.stringify({
        title: 'Nouveau message',
        body: 'Awa : Salut',
        url: '/chat/3',
        tag: 'chat:3',
        renotify: true,
        icon: '/a.png',
      }),
      'Rencontre',
    );
    expect(p).toEqual({
      title: 'Nouveau message',
      body: 'Awa : Salut',
      url: '/chat/3',
      tag: 'chat:3',
      renotify: true,
      icon: '/a.png',
    });
  });

  it('renotifies only a tagged notification that asks for it', () => {
    const parse = (o: object) => parsePushPayload(JSON.stringify(o), 'Rencontre');
    expect(parse({ body: 'x', tag: 'chat:3' }).renotify).toBe(false);
    expect(parse({ body: 'x', renotify: true })).toMatchObject({ tag: undefined, renotify: false });
    expect(parse({ body: 'x', tag: 'chat:3', renotify: 'yes' }).renotify).toBe(false);
  });

  it('falls back to the app name, home and icon, and takes plain text as the body', () => {
    expect(parsePushPayload('Bonjour', 'Rencontre')).toEqual({
      title: 'Rencontre',
      body: 'Bonjour',
      url: '/home',
      tag: undefined,
      renotify: false,
      icon: '/icon-192.png',
    });
    expect(parsePushPayload(null, 'Rencontre').title).toBe('Rencontre');
  });
});

describe('sameOriginUrl', () => {
  const origin = 'https://rencontre.bf';
  it('resolves a path on our origin', () => {
    expect(sameOriginUrl('/chat/3', origin)).toBe('https://rencontre.bf/chat/3');
  });
  it('refuses another origin or garbage', () => {
    expect(sameOriginUrl('https://evil.example/x', origin)).toBe('https://rencontre.bf/home');
    expect(sameOriginUrl('//evil.example/x', origin)).toBe('https://rencontre.bf/home');
    expect(sameOriginUrl(undefined, origin)).toBe('https://rencontre.bf/home');
  });
});
