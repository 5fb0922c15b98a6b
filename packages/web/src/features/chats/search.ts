/**
 * Search within a conversation, the pure parts: the text of a result cut around its first match
 * (a long message shows the part that matched), split into plain and matching pieces so the
 * screen can mark them. Case-insensitive like the server's ILIKE; always rendered as text.
 */

export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` in pieces, the ones equal to `query` (ignoring case) flagged. */
export function highlightParts(text: string, query: string): TextPart[] {
  const q = query.trim();
  if (!q) return text ? [{ text, match: false }] : [];
  const re = new RegExp(escapeRegExp(q), 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index;
    if (at > last) parts.push({ text: text.slice(last, at), match: false });
    parts.push({ text: m[0], match: true });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * The part of `text` to show in a result: whole when short, else about `radius` characters
 * before the first match and enough after it, with '…' where it was cut. Line breaks become
 * spaces (one line per result).
 */
export function snippetOf(text: string, query: string, radius = 40, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const q = query.trim();
  const found = q ? new RegExp(escapeRegExp(q), 'iu').exec(flat) : null;
  const at = found ? found.index : 0;
  let start = Math.max(0, at - radius);
  // Start on a word when the cut falls inside one.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
