import { describe, expect, it } from 'vitest';
import { previewText } from './preview';

const last = (type: string, content = '', own = false) => ({ type, content, is_own_message: own });

describe('last-message preview', () => {
  it('shows the text of a text message on one line', () => {
    expect(previewText(last('text', 'Bonjour\n  ça va ?'))).toBe('Bonjour ça va ?');
  });

  it('names media with their emoji label', () => {
    expect(previewText(last('image'))).toBe('📷 Photo');
    expect(previewText(last('audio'))).toBe('🎵 Message vocal');
    expect(previewText(last('video'))).toBe('🎬 Vidéo');
    expect(previewText(last('file'))).toBe('📄 Fichier');
  });

  it("prefixes the member's own messages with « Vous : »", () => {
    expect(previewText(last('text', 'Salut', true))).toBe('Vous : Salut');
    expect(previewText(last('image', '', true))).toBe('Vous : 📷 Photo');
  });

  it('says Aucun message when the chat has none', () => {
    expect(previewText(null)).toBe('Aucun message');
  });
});
