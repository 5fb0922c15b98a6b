/**
 * The 'Gagner des pièces' modal is the coins feature's (features/coins/EarnCoinsModal.tsx),
 * loaded only when the member opens it.
 */
import { lazy, Suspense, type ComponentType } from 'react';

interface EarnCoinsProps {
  open: boolean;
  onClose: () => void;
}

const modules = import.meta.glob<{ default: ComponentType<EarnCoinsProps> }>(
  '../coins/EarnCoinsModal.tsx',
);
const load = modules['../coins/EarnCoinsModal.tsx'];
const EarnCoinsModal = load ? lazy(load) : null;

export function EarnCoins({ open, onClose }: EarnCoinsProps) {
  if (!open || !EarnCoinsModal) return null;
  return (
    <Suspense fallback={null}>
      <EarnCoinsModal open={open} onClose={onClose} />
    </Suspense>
  );
}
