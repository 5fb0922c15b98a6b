/** Session tokens: 256 random bits handed to the client, only their SHA-256 stored. */
import crypto from 'node:crypto';

export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.hash('sha256', token, 'hex');
