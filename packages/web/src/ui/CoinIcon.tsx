/**
 * The coin (pièce) icon wherever a balance, price or gift in coins is shown: one SVG, drawn the
 * same on every phone, where the coin emoji is missing on older Android systems.
 */
import { Coins, type LucideProps } from 'lucide-react';

export function CoinIcon(props: LucideProps) {
  return <Coins color="#d98a00" {...props} />;
}
