import { describe, expect, it } from 'vitest';
import { expectedLocale, preloadLinks } from './spa.ts';

const TABLE = {
  catalogues: { 'first-en': 'assets/first-en.js', 'first-es': 'assets/first-es.js', 'rules-es': 'assets/rules-es.js' },
  pages: {
    '/services': {
      js: ['assets/services-page.js', 'assets/public-pages.js'],
      css: ['assets/public-pages.css'],
      parts: ['rules'],
      images: [],
    },
    '/': { js: [], css: [], parts: [], images: ['/images/slide-home.svg'] },
  },
};

describe('the preload links of the HTML shell', () => {
  it('expects the language the app starts in: ?lang= first, else the browser’s first preference', () => {
    expect(expectedLocale('?lang=es', 'en-US,en;q=0.9')).toBe('es');
    expect(expectedLocale('?lang=pseudo', undefined)).toBe('pseudo');
    expect(expectedLocale('?lang=fr', 'es-US,es;q=0.9')).toBe('es');
    expect(expectedLocale('', 'en-US,es;q=0.9')).toBe('en');
    expect(expectedLocale('', undefined)).toBe('en');
  });

  it('preloads the first catalogue, the page’s chunks, its catalogue parts and stylesheet in the visitor’s language', () => {
    expect(preloadLinks(TABLE, '/services', 'es')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/first-es.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/services-page.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/public-pages.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/rules-es.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/public-pages.css">',
    );
  });

  it('preloads only the first catalogue for a page it has no list for, and the hero image for /', () => {
    expect(preloadLinks(TABLE, '', 'en')).toBe('<link rel="modulepreload" crossorigin href="/assets/first-en.js">');
    expect(preloadLinks(TABLE, '/', 'en')).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/slide-home.svg">');
  });
});
