/**
 * The signed-in screens' code, by name. Kept in the signed-in chunk, not in the route table:
 * a visitor on /login downloads neither these loaders nor the list of files each one needs.
 */
import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

export const SIGNED_IN_SCREENS = {
  home: () => import('../features/announcements/HomePage'),
  swipes: () => import('../features/swipes/SwipesPage'),
  near: () => import('../features/nearby/NearPage'),
  chats: () => import('../features/chats/ChatsPage'),
  stories: () => import('../features/stories/StoriesPage'),
  wizard: () => import('../features/wizard/WizardPage'),
  chat: () => import('../features/chats/ChatPage'),
  account: () => import('../features/account/AccountMenuPage'),
  editProfile: () => import('../features/account/EditProfilePage'),
  verifyProfile: () => import('../features/verification/VerifyProfilePage'),
  myAnnouncements: () => import('../features/announcements/MyAnnouncementsPage'),
  addAnnouncement: () => import('../features/announcements/AddAnnouncementPage'),
  buyCoins: () => import('../features/coins/BuyCoinsPage'),
  purchases: () => import('../features/coins/PurchasesPage'),
  support: () => import('../features/support/SupportPage'),
  privacy: () => import('../features/privacy/PrivacyPage'),
  blockedMembers: () => import('../features/safety/BlockedMembersPage'),
  publishStory: () => import('../features/stories/PublishStoryPage'),
  admin: () => import('../features/admin/AdminPage'),
} satisfies Record<string, Loader>;

export type SignedInScreenId = keyof typeof SIGNED_IN_SCREENS;
