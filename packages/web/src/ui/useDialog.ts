/**
 * The behaviour of every `<dialog>` of the app (Dialog, Sheet): opened with showModal(), which
 * traps the focus, makes the page behind inert and turns Escape (or Android's back gesture) into
 * a `cancel` event, here handed to `onClose` so the caller decides (a busy dialog may refuse).
 * Focus goes back to the opener when it unmounts. Test pages without the native behaviour get
 * the `open` attribute and an Escape key listener instead.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Open dialogs, the last on top: only it answers Escape where the page has no native one. */
const stack: HTMLDialogElement[] = [];

function isNativeModal(el: HTMLDialogElement): boolean {
  try {
    return el.matches(':modal');
  } catch {
    return false;
  }
}

export function useDialog(onClose: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const show = () => {
      if (typeof el.showModal === 'function' && el.isConnected) el.showModal();
      else el.setAttribute('open', '');
    };
    if (!el.open) show();
    el.focus();
    stack.push(el);
    const handleCancel = (e: Event) => {
      e.preventDefault();
      latest.current();
    };
    // The browser may close it anyway (a second Escape in a row): it stays until the caller says.
    const handleClose = () => {
      latest.current();
      if (el.isConnected && !el.open) show();
    };
    const handleKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || stack.at(-1) !== el) return;
      if (isNativeModal(el)) return;
      e.preventDefault();
      latest.current();
    };
    el.addEventListener('cancel', handleCancel);
    el.addEventListener('close', handleClose);
    document.addEventListener('keydown', handleKey);
    return () => {
      el.removeEventListener('cancel', handleCancel);
      el.removeEventListener('close', handleClose);
      document.removeEventListener('keydown', handleKey);
      stack.splice(stack.indexOf(el), 1);
      if (el.open && typeof el.close === 'function') el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return ref;
}
