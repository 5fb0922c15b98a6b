/**
 * The id a message carries to the server (`client_id`, a UUID): made once when the message is
 * queued and sent with every attempt, so a retry after a lost answer never stores a second copy.
 * crypto.randomUUID exists only in secure contexts and recent browsers (old Android WebViews
 * lack it); crypto.getRandomValues is everywhere, and Math.random is the last resort.
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function randomBytes(): Uint8Array {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    return crypto.getRandomValues(bytes);
  }
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** A version 4 UUID from 16 random bytes (version and variant bits set as RFC 9562 asks). */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = Array.from(bytes.slice(0, 16), (v, i) =>
    i === 6 ? (v & 0x0f) | 0x40 : i === 8 ? (v & 0x3f) | 0x80 : v,
  );
  const hex = b.map((v) => HEX[v] ?? '00').join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Some WebViews expose it but refuse outside a secure context.
    }
  }
  return uuidFromBytes(randomBytes());
}
