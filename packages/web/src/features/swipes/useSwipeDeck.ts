/**
 * The swipe deck (spec 1 §4 "Swipe") as the page uses it: the profiles and the member's place in
 * them (useDeckPages: paced fetches, seen ids, one reload when the list runs out, the error and
 * empty states) and the swipes on the top card (useSwipeAction: like with its heart, dislike,
 * the match).
 */
import { useDeckPages } from './useDeckPages';
import { useSwipeAction } from './useSwipeAction';

export function useSwipeDeck() {
  const { currentNow, advancePast, ...pages } = useDeckPages();
  const action = useSwipeAction(currentNow, advancePast);
  /** The top card's member was blocked from the card: the next card comes, nothing is swiped. */
  const dropCurrent = () => {
    const current = currentNow();
    if (current) advancePast(current.id);
  };
  return { ...pages, ...action, dropCurrent };
}
