import { describe, expect, it } from 'vitest';
import { storage } from './storage';
import { decodeToken, hasPermission, hasRole, isTokenValid } from './token';
import { fakeToken } from '../../test/render-app';

describe('storage', () => {
  it('wraps every value as { type, data } and reads it back with its type', () => {
    storage.set('n', 5);
    storage.set('s', 'x');
    storage.set('o', { a: 1 });
    storage.set('a', [1, 2]);
    storage.set('b', false);
    expect(JSON.parse(localStorage.getItem('n')!)).toEqual({ type: 'number', data: 5 });
    expect(JSON.parse(localStorage.getItem('a')!)).toEqual({ type: 'array', data: [1, 2] });
    expect(storage.get('n')).toBe(5);
    expect(storage.get('s')).toBe('x');
    expect(storage.get('o')).toEqual({ a: 1 });
    expect(storage.get('b')).toBe(false);
  });

  it('reads foreign or broken values as absent', () => {
    localStorage.setItem('raw', 'not json');
    localStorage.setItem('plain', '"text"');
    expect(storage.get('raw')).toBeUndefined();
    expect(storage.get('plain')).toBeUndefined();
    expect(storage.get('missing')).toBeUndefined();
    storage.set('gone', 1);
    storage.remove('gone');
    expect(storage.get('gone')).toBeUndefined();
  });
});

describe('token helpers', () => {
  it('decodes the payload and checks expiry against now', () => {
    const token = fakeToken({ uid: 42, roles: ['user'], permissions: ['post:add'], exp: 2_000_000_000 });
    expect(decodeToken(token)?.uid).toBe(42);
    expect(isTokenValid(token, 1_999_999_999_000)).toBe(true);
    expect(isTokenValid(token, 2_000_000_000_000)).toBe(false);
    expect(isTokenValid('garbage')).toBe(false);
    expect(isTokenValid(undefined)).toBe(false);
  });

  it('has role, has permission, and admin passes every permission', () => {
    const user = decodeToken(fakeToken({ roles: ['user'], permissions: ['post:add'] }));
    const admin = decodeToken(fakeToken({ roles: ['admin'], permissions: [] }));
    expect(hasRole(user, 'user')).toBe(true);
    expect(hasRole(user, 'admin')).toBe(false);
    expect(hasPermission(user, 'post:add')).toBe(true);
    expect(hasPermission(user, 'post:delete')).toBe(false);
    expect(hasPermission(admin, 'anything')).toBe(true);
  });

  it('decodes non-ASCII payloads', () => {
    const body = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ name: '张三' }))));
    expect(decodeToken(`x.${body.replace(/=+$/, '')}.y`)?.name).toBe('张三');
  });
});
