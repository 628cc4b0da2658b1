import { randomBytes } from 'node:crypto';

/** Crockford's base 32 (no I, L, O or U, so no look-alikes): 32 symbols, so every byte's low 5 bits map evenly. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;

/** One unguessable redeem code of a console batch: 12 characters of 32, 60 random bits. */
export const newRedeemCode = () =>
  [...randomBytes(CODE_LENGTH)].map((byte) => CODE_ALPHABET[byte & 31]).join('');

/**
 * A batch code as a user typed it (already upper-cased), read as Crockford's decoding does: O is 0, I and L
 * are 1 (letters the alphabet leaves out because they look like those digits), and the hyphens or spaces of a
 * code copied in groups are dropped.
 */
export const batchCodeAsTyped = (code: string) =>
  code.replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
