import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConfigError } from '../../config.js';

/**
 * AES-256-GCM for ID numbers at rest. Stored as `v1:<iv>.<ciphertext>.<tag>` (base64url); the row's
 * tenant and user ids are the additional data, so a ciphertext copied onto another row does not decrypt.
 */
export const parseIdCardKey = (value: string): Buffer => {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32)
    throw new ConfigError(
      'Invalid environment variable ID_CARD_KEY: must be 32 bytes (base64 or 64 hex digits)',
    );
  return key;
};

export const createIdCardCipher = (key: Buffer) => {
  // The row's owner (the user whose number it is), whoever encrypts or decrypts it.
  const aad = (tenantId: number, ownerId: number) => Buffer.from(`${tenantId}:${ownerId}`);
  return {
    encrypt(plain: string, tenantId: number, ownerId: number): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(tenantId, ownerId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${iv.toString('base64url')}.${data.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    decrypt(stored: string, tenantId: number, ownerId: number): string {
      const [version, rest = ''] = stored.split(':');
      const [iv = '', data = '', tag = ''] = rest.split('.');
      if (version !== 'v1') throw new Error('unknown ID card cipher version');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(tenantId, ownerId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
};
export type IdCardCipher = ReturnType<typeof createIdCardCipher>;
