/** The console's administrator that the global setup seeds, signed in through POST /api/login. */
import { inject } from 'vitest';
import { callApi, type E2EMember } from './members.js';

export async function signInAdmin(): Promise<E2EMember> {
  const { email, password } = inject('admin');
  const token = (await callApi('/login', { email, password })).data?.token;
  if (typeof token !== 'string') throw new Error('POST /login gave no token for the e2e admin');
  return { id: 0, email, token, name: 'Admin E2E' };
}
