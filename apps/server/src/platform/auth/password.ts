import argon2 from 'argon2';

/** argon2id with the library's recommended defaults (memory 64 MiB, 3 passes). */
export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id });

export const verifyPassword = async (hash: string | null, password: string): Promise<boolean> => {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};
