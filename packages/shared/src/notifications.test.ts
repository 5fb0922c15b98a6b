import { describe, expect, it } from 'vitest';
import { NOTIFICATION_INFO, PREVIEW_MAX_CHARS, clipPreview } from './notifications.js';

describe('payment_failed notification', () => {
  const message = NOTIFICATION_INFO.payment_failed.message;

  it('says the order failed, that no coins were credited, and invites to retry', () => {
    expect(message({ amount: 500 })).toBe(
      "Votre commande de 500 FCFA n'a pas abouti et aucune pièce n'a été créditée. " +
        'Vous pouvez réessayer quand vous le souhaitez.',
    );
  });

  it('groups the digits of the price the French way', () => {
    // Intl's French grouping separator is a narrow no-break space.
    expect(message({ amount: 2500 })).toContain("de 2\u202f500 FCFA n'a pas abouti");
  });

  it('reads well without an amount and never speaks of coins taken', () => {
    expect(message({})).toMatch(/^Votre commande n'a pas abouti et aucune pièce/);
    expect(message({ amount: 10000 })).not.toMatch(/débité/);
  });
});

describe('chat_message notification', () => {
  const message = NOTIFICATION_INFO.chat_message.message;

  it('shows the preview for one message', () => {
    expect(message({ sender_name: 'Awa', preview: 'Salut', count: 1 })).toBe('Awa : Salut');
    expect(message({ sender_name: 'Awa', preview: 'Salut' })).toBe('Awa : Salut');
  });

  it('counts the messages once the chat has several unread', () => {
    expect(message({ sender_name: 'Awa', preview: 'Salut', count: 8 })).toBe(
      'Awa vous a envoyé 8 messages',
    );
  });
});

describe('clipPreview', () => {
  it('keeps a short text whole, on one line', () => {
    expect(clipPreview('Salut  Awa,\n ça va ?')).toBe('Salut Awa, ça va ?');
  });

  it('ends a long text on a whole word with an ellipsis, within the room', () => {
    const text =
      'Bonjour Awa, je voulais te dire que la soirée au maquis était vraiment super et que je serais content de te revoir samedi';
    const clipped = clipPreview(text);
    expect(clipped).toBe(
      'Bonjour Awa, je voulais te dire que la soirée au maquis était vraiment super et…',
    );
    expect([...clipped].length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    // The word before the ellipsis is a word of the text, not a piece of one.
    const last = clipped.slice(0, -1).split(' ').at(-1);
    expect(text.split(' ')).toContain(last);
  });

  it('never cuts an emoji in half, and cuts one endless word where the room ends', () => {
    expect(clipPreview('😀'.repeat(100), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(clipPreview('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
