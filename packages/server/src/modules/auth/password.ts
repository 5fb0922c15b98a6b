/** Password hashing (argon2id) and the refusal of the most common passwords. */
import argon2 from 'argon2';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// The most used passwords worldwide and in French-speaking West Africa, lower-cased.
const COMMON = new Set(
  `12345678 123456789 1234567890 0123456789 87654321 11111111 00000000 12341234 11223344
  password password1 password123 passw0rd motdepasse motdepasse1 azertyuiop azerty123 azerty12
  qwertyuiop qwerty123 qwerty12 iloveyou iloveyou1 jetaime jetaime1 jetaime123 soleil123
  bonjour1 bonjour123 doudou123 chouchou chouchou1 princesse princesse1 loulou123 marseille
  burkina burkina1 burkina226 burkinafaso faso2024 faso2025 ouagadougou ouaga226 ouaga2024
  ouaga2025 bobodioulasso abidjan1 dakar123 bamako123 football football1 12345678a
  a12345678 abc12345 abcd1234 aaaaaaaa azerty00 sunshine1 princess1 welcome1 monkey123
  dragon123 master123 letmein1 trustno1 baseball1 superman1 starwars 1q2w3e4r 1qaz2wsx
  zaq12wsx qazwsxedc 123qweasd qweasdzxc asdfghjk zxcvbnm1 11112222 12121212 66666666
  88888888 99999999 22222222 55555555 77777777 33333333 44444444 12344321 147258369
  159753456 741852963 123123123 321321321 rencontre rencontre1 amour123 amour2024 dieuestbon
  dieumerci jesus123 allahakbar bismillah inchallah 20202020 20242024 20252025 19901990`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (COMMON.has(p)) return true;
  // One repeated character, or a plain run of digits in order.
  if (/^(.)\1+$/.test(p)) return true;
  return '01234567890123456789'.includes(p) || '98765432109876543210'.includes(p);
}
