/**
 * A signed-in screen in the route table, by name: its code comes from the signed-in chunk
 * (app/signedInScreens), which hands its loaders down once it has loaded.
 */
import { createContext, lazy, use, type ComponentType } from 'react';
import type { SignedInScreenId } from '../app/signedInScreens';

type Loader = () => Promise<{ default: ComponentType }>;

export const SignedInScreensContext = createContext<Record<SignedInScreenId, Loader> | null>(null);

/** One lazy component per loader, made once, so a screen is not remounted on each render. */
const lazies = new Map<Loader, ComponentType>();

export function SignedInScreen({ id }: { id: SignedInScreenId }) {
  const load = use(SignedInScreensContext)?.[id];
  if (!load) return null;
  let Screen = lazies.get(load);
  if (!Screen) {
    Screen = lazy(load);
    lazies.set(load, Screen);
  }
  return <Screen />;
}
