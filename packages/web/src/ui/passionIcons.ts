/**
 * One lucide icon per passion of the shared catalogue (spec 1 "Swipes": the nine of the spec and
 * the others), and the default icon for a value outside it. Used by the swipe card's chips and
 * the passion pickers of the wizard and the edit screen.
 */
import { normalisePassions, type TPassionKey } from '@app/shared';
import {
  BookOpen,
  Briefcase,
  Camera,
  ChefHat,
  Clapperboard,
  Footprints,
  Gamepad2,
  Goal,
  Laptop,
  Leaf,
  Music,
  Palette,
  PawPrint,
  Plane,
  Shirt,
  Sparkles,
  Star,
  Volleyball,
  type LucideIcon,
} from 'lucide-react';

const PASSION_ICONS: Record<TPassionKey, LucideIcon> = {
  voyage: Plane,
  cuisine: ChefHat,
  photographie: Camera,
  musique: Music,
  sport: Volleyball,
  technologie: Laptop,
  art: Palette,
  balades: Footprints,
  danse: Sparkles,
  football: Goal,
  cinema: Clapperboard,
  mode: Shirt,
  lecture: BookOpen,
  jeux_video: Gamepad2,
  nature: Leaf,
  animaux: PawPrint,
  entrepreneuriat: Briefcase,
};
export const DEFAULT_PASSION_ICON = Star;

/** The icon of a key (or of a label older profiles hold, 'Musique'); the default otherwise. */
export function passionIcon(passion: string): LucideIcon {
  const [key] = normalisePassions([passion]);
  return key ? PASSION_ICONS[key] : DEFAULT_PASSION_ICON;
}
