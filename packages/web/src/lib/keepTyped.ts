/**
 * What a member types into a page drawn at build time before its code has run is theirs: React's
 * hydration sets each field back to the value it renders (empty), so the fields' input is noted
 * until the app runs them, then given back to them as typing would, and the form's state
 * follows. Fields are known by their id, which React gives alike at build time and in the page.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

/** The longest the fields' input is kept waiting for React to take them over. */
const HYDRATION_WAIT_MS = 30_000;

const isField = (el: EventTarget | null): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;

/** React marks a node it runs with its props. */
const runByReact = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

function giveBack(field: Field, value: string) {
  const proto = field instanceof HTMLInputElement ? HTMLInputElement : HTMLTextAreaElement;
  Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Starts noting what is typed in `root`; call the answer once hydration has begun. */
export function keepTyped(root: HTMLElement): () => void {
  const typed = new Map<string, string>();
  const note = (e: Event) => {
    if (isField(e.target) && e.target.id) typed.set(e.target.id, e.target.value);
  };
  root.querySelectorAll('input, textarea').forEach((el) => {
    if (isField(el) && el.id && el.value) typed.set(el.id, el.value);
  });
  root.addEventListener('input', note, true);
  // A slow phone may take seconds to hydrate: a deadline in time, not in frames (300 frames,
  // 5 s at 60 Hz, was seen to run out on a loaded machine, and the typed e-mail was lost).
  let deadline = 0;
  return function restoreWhenHydrated() {
    deadline ||= performance.now() + HYDRATION_WAIT_MS;
    const pending = [...typed].filter(([id]) => {
      const el = document.getElementById(id);
      return el && !runByReact(el);
    });
    if (pending.length > 0 && performance.now() < deadline) {
      requestAnimationFrame(() => restoreWhenHydrated());
      return;
    }
    root.removeEventListener('input', note, true);
    // A frame later: the screen's first update after hydration has set the fields to its state.
    requestAnimationFrame(() => {
      for (const [id, value] of typed) {
        const el = document.getElementById(id);
        // Even where the page still shows it: the form's state does not have it yet.
        if (isField(el)) giveBack(el, value);
      }
    });
  };
}
