/**
 * Copies a short text. The Clipboard API needs a secure page; older Android browsers copy the
 * text of the element shown on screen instead (select it, then the copy command).
 */
export async function copyToClipboard(text: string, shown: HTMLElement | null): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the selection below.
    }
  }
  const selection = window.getSelection();
  if (!shown || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(shown);
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    selection.removeAllRanges();
  }
}
