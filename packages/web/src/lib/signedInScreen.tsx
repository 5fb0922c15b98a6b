/**
 * A signed-in screen in the route table, by name: its code comes from the signed-in chunk
 * (app/signedInScreens), which hands its lazy screens down once it has loaded.
 */
import { createContext, use, type ComponentType } from 'react';
import type { SignedInScreenId } from '../app/signedInScreens';

export const SignedInScreensContext = createContext<Record<SignedInScreenId, ComponentType> | null>(
  null,
);

export function SignedInScreen({ id }: { id: SignedInScreenId }) {
  const Screen = use(SignedInScreensContext)?.[id];
  return Screen ? <Screen /> : null;
}
