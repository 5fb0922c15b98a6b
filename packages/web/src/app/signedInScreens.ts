/**
 * The signed-in screens' code, by name. Kept in the signed-in chunk, not in the route table:
 * a visitor on /login downloads neither these loaders nor the list of files each one needs.
 */
import { lazy, type ComponentType } from 'react';

/** The screens' loaders, by name; each made a lazy component once, here. */
const LOADERS = {
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
};

export type SignedInScreenId = keyof typeof LOADERS;

type Loader = () => Promise<{ default: ComponentType }>;

function lazyAll<K extends string>(loaders: Record<K, Loader>): Record<K, ComponentType> {
  const screens = {} as Record<K, ComponentType>;
  for (const id of Object.keys(loaders) as K[]) screens[id] = lazy(loaders[id]);
  return screens;
}

export const SIGNED_IN_SCREENS = lazyAll(LOADERS);
