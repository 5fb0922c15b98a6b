/**
 * localStorage that never throws (private mode, full or refused storage): the notifications
 * area only keeps memories in it (reminders shown, modal seen today), so losing one is harmless.
 */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered: at worst a card or a modal shows once more.
  }
}
