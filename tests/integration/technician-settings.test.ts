import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_ELEMENT_ID } from '../../src/shared/app-config.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/** The app configuration the server embeds in every page, as the browser reads it. */
async function embeddedConfig(subject: TestApp, url = '/services') {
  const page = await subject.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  const json = new RegExp(`<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(page.body)?.[1];
  expect(json).toBeDefined();
  return { config: JSON.parse(json ?? '{}'), page };
}

const imageSources = (csp: string | undefined) => /img-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ') ?? [];

/**
 * The technician in the open (issue 40): the name, photo, starting year and biography the owner configures reach the
 * public pages through the configuration embedded in every page, and a photo kept on another site is allowed by the
 * page's Content-Security-Policy, that site only.
 */
describe('the technician’s settings on the public pages', () => {
  let configured: TestApp;
  let unset: TestApp;

  beforeAll(async () => {
    [configured, unset] = await Promise.all([
      createTestApp({
        TECHNICIAN_NAME: 'Sam Rivera',
        TECHNICIAN_PHOTO_URL: 'https://photos.example.com/team/sam.jpg',
        TECHNICIAN_SINCE_YEAR: '2004',
        // $` and $& would be patterns in a replacement string: the page must carry them as written.
        TECHNICIAN_BIO: 'I grew up in Bay Shore.\\nI never say </script> to a customer. Prices in $`dollars$& $$.',
        TECHNICIAN_BIO_ES: 'Crecí en Bay Shore.',
      }),
      createTestApp(),
    ]);
  });
  afterAll(() => Promise.all([configured.close(), unset.close()]));

  it('embeds them in every page, the biography split into paragraphs and unable to end the script element', async () => {
    const { config, page } = await embeddedConfig(configured);
    expect(config.technician).toEqual({
      name: 'Sam Rivera',
      photoUrl: 'https://photos.example.com/team/sam.jpg',
      sinceYear: 2004,
      bio: {
        en: ['I grew up in Bay Shore.', 'I never say </script> to a customer. Prices in $`dollars$& $$.'],
        es: ['Crecí en Bay Shore.'],
      },
    });
    expect(page.body).not.toContain('say </script>');
  });

  it('embeds empty values when nothing is set: the pages then draw the technician and tell the built-in biography', async () => {
    expect((await embeddedConfig(unset, '/')).config.technician).toEqual({
      name: '',
      photoUrl: null,
      sinceYear: null,
      bio: { en: [], es: [] },
    });
  });

  it('lets the page load a photo from the site it names, and from no other', async () => {
    const withPhoto = await configured.app.inject({ method: 'GET', url: '/about' });
    expect(imageSources(withPhoto.headers['content-security-policy'] as string)).toEqual(["'self'", 'data:', 'https://photos.example.com']);
    const without = await unset.app.inject({ method: 'GET', url: '/about' });
    expect(imageSources(without.headers['content-security-policy'] as string)).toEqual(["'self'", 'data:']);
  });
});
