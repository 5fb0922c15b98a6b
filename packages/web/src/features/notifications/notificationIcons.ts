/**
 * The panel's icon for each notification type. The server still sends its emoji in `icon` (the
 * spec's field, kept for other clients and Web Push); the panel draws these SVGs instead, so a
 * phone without a recent emoji font never shows an empty box.
 */
import {
  CircleCheck,
  CircleX,
  Eye,
  Flame,
  Gift,
  Heart,
  HeartHandshake,
  Megaphone,
  MessageCircle,
  PartyPopper,
  PhoneMissed,
  ShieldCheck,
  Star,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { TNotificationType } from '@app/shared';

export const NOTIFICATION_ICONS: Record<TNotificationType, LucideIcon> = {
  referral_signup: PartyPopper,
  referral_reward: Gift,
  social_reward: Star,
  profile_like: Heart,
  chat_message: MessageCircle,
  match: HeartHandshake,
  profile_view: Eye,
  promotion: Flame,
  new_announcement: Megaphone,
  payment_success: CircleCheck,
  moderation_warning: TriangleAlert,
  payment_failed: CircleX,
  missed_call: PhoneMissed,
  verification: ShieldCheck,
};
