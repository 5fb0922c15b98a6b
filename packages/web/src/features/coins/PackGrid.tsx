/** The six packs (spec 2 §9): the tapped one highlighted, 'Populaire' on the third. */
import { CoinIcon } from '../../ui/CoinIcon';
import { COIN_PACKS, formatFcfa, type TCoinPack } from '@app/shared';
import { COINS_TEXT } from './texts';

export function PackGrid({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (pack: TCoinPack) => void;
}) {
  return (
    <ul className="pack-grid" aria-label={COINS_TEXT.buyLead}>
      {COIN_PACKS.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            className={`pack${p.id === selectedId ? ' pack-selected' : ''}${p.popular ? ' pack-popular' : ''}`}
            aria-pressed={p.id === selectedId}
            data-testid={`pack-${p.id}`}
            onClick={() => onSelect(p)}
          >
            {p.popular && <span className="pack-ribbon">{COINS_TEXT.popular}</span>}
            <span className="pack-icon" aria-hidden>
              <CoinIcon />
            </span>
            <span className="pack-coins">{COINS_TEXT.coins(p.coins)}</span>
            {p.bonus > 0 && <span className="pack-bonus">{COINS_TEXT.bonus(p.bonus)}</span>}
            <span className="pack-price">{formatFcfa(p.price)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
