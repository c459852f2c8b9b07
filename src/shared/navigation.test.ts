import { describe, expect, it } from 'vitest';
import { appointmentEntryPath, navLinksFor } from './navigation.ts';

const targets = (links: ReturnType<typeof navLinksFor>) => links.map((link) => ('to' in link ? link.to : link.action));

describe('navLinksFor', () => {
  it('shows a visitor the public pages, Register and Login', () => {
    const links = navLinksFor({ signedIn: false });
    expect(targets(links)).toEqual(['/services', '/securified', '/remotesupport', '/signup', '/login']);
    expect(links.find((link) => 'to' in link && link.to === '/signup')?.label).toBe('Register');
  });

  it('shows a verified customer Home, Account and Logout, and no admin links', () => {
    expect(targets(navLinksFor({ signedIn: true, emailVerified: true, isAdmin: false }))).toEqual([
      '/services',
      '/securified',
      '/remotesupport',
      '/home',
      '/account',
      'logout',
    ]);
  });

  it('adds Admin and Payment for an admin', () => {
    expect(targets(navLinksFor({ signedIn: true, emailVerified: true, isAdmin: true }))).toEqual([
      '/services',
      '/securified',
      '/remotesupport',
      '/home',
      '/account',
      '/admin',
      '/adminpayment',
      'logout',
    ]);
  });

  it('gives an unverified account nothing but the public pages and Logout', () => {
    expect(targets(navLinksFor({ signedIn: true, emailVerified: false, isAdmin: true }))).toEqual([
      '/services',
      '/securified',
      '/remotesupport',
      'logout',
    ]);
  });
});

describe('appointmentEntryPath', () => {
  it('leads a verified customer to /home and everyone else to /login', () => {
    expect(appointmentEntryPath({ signedIn: true, emailVerified: true, isAdmin: false })).toBe('/home');
    expect(appointmentEntryPath({ signedIn: true, emailVerified: false, isAdmin: false })).toBe('/login');
    expect(appointmentEntryPath({ signedIn: false })).toBe('/login');
  });
});
