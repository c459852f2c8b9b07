import babel from '@lingui/cli/api/extractors/babel';
import { defineConfig, type ExtractorType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The texts of src/shared and src/server are plain strings (the server and the spec need them in English), marked
 * with `english('…')` (src/shared/english.ts): each literal is a message whose id is the English text itself.
 */
const plainTexts: ExtractorType = {
  match: (filename) => /[\\/]src[\\/](shared|server)[\\/].*\.ts$/.test(filename) && !filename.endsWith('.test.ts'),
  extract(filename, source, onMessageExtracted) {
    // Comments are blanked (keeping the lines), so that an example in a comment is not a message.
    const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
    const code = source.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/^\s*\/\/.*$/gm, blank);
    // One literal, on one line or wrapped by the formatter (which then adds a trailing comma).
    for (const match of code.matchAll(/\benglish\(\s*'((?:[^'\\\n]|\\.)*)'\s*,?\s*\)/g)) {
      const english = (match[1] ?? '').replace(/\\(.)/g, '$1');
      const line = code.slice(0, match.index).split('\n').length;
      onMessageExtracted({ id: english, message: english, origin: [filename, line] });
    }
  },
};

/** The parts of src/web/app that only signed-in screens and account forms use: loaded with them, not first. */
const SIGNED_IN_SHELL = [
  '<rootDir>/src/web/app/routes/**',
  '<rootDir>/src/web/app/guards.tsx',
  '<rootDir>/src/web/app/signed-in-layout.tsx',
];

/** The texts of src/shared that the header, the footer and the landing page show: part of the first load. */
const SITE_TEXTS = ['<rootDir>/src/shared/site.ts', '<rootDir>/src/shared/navigation.ts', '<rootDir>/src/shared/messages.ts'];

/**
 * The signed-out forms 'Make an Appointment Now' leads to and the e-mail links' screen, and the rules and texts
 * they check with: a catalogue of their own in each place, loaded with them instead of the signed-in screens'
 * (decision 019).
 */
const SIGNED_OUT_FORMS = [
  '<rootDir>/src/web/features/accounts/pages/login-page.tsx',
  '<rootDir>/src/web/features/accounts/pages/signup-page.tsx',
  '<rootDir>/src/web/features/accounts/pages/forgot-password-page.tsx',
  '<rootDir>/src/web/features/accounts/pages/user-management-page.tsx',
  '<rootDir>/src/web/features/accounts/components/reset-password-action.tsx',
  '<rootDir>/src/web/features/accounts/components/verify-email-action.tsx',
  '<rootDir>/src/web/features/accounts/components/recover-email-action.tsx',
  '<rootDir>/src/web/features/accounts/components/resend-verification-form.tsx',
];
const FORM_TEXTS = ['<rootDir>/src/shared/account-forms.ts'];

/** The business facts of src/shared (services, fees, the service area) and the contact form's rules: with the public pages other than `/`. */
const FACT_TEXTS = ['<rootDir>/src/shared/business.ts', '<rootDir>/src/shared/contact-form.ts'];

/** The texts of src/shared that only signed-in screens show (the texts opt-in, the trusted contact): loaded with them. */
const SIGNED_IN_TEXTS = ['<rootDir>/src/shared/text-messages.ts'];

/** The public pages other than `/`: they come after the first load, with the business facts' catalogue. */
const PUBLIC_PAGES = [
  '<rootDir>/src/web/features/public/pages/services-page.tsx',
  '<rootDir>/src/web/features/public/pages/securified-page.tsx',
  '<rootDir>/src/web/features/public/pages/remote-support-page.tsx',
  '<rootDir>/src/web/features/public/components/lesson-video.tsx',
  '<rootDir>/src/web/features/public/pages/about-page.tsx',
  '<rootDir>/src/web/features/public/components/contact-form.tsx',
  // The technician and the ratings: on /services and /about, and on / below the first screen, loaded when near.
  '<rootDir>/src/web/features/public/components/technician-profile.tsx',
  '<rootDir>/src/web/features/public/components/customer-reviews.tsx',
  '<rootDir>/src/web/features/public/components/trust-band.tsx',
];

/**
 * Lingui (decision 016). English is the source; `pseudo` is an accented copy of English made at compile time, for
 * the test that finds texts left out of the catalogues. One catalogue per part of the app, so that a screen loads
 * only its own part's messages in the active language:
 * - web: the shell (header, footer, error screens), shared components and the landing page, on every first load;
 * - shared/site: the name and tagline, the navigation and the general messages of src/shared, on every first load;
 * - public and shared/facts: the pages other than `/`, with the business facts of src/shared (the service area map,
 *   on `/` too, is in web);
 * - accounts/forms and shared/forms: the signed-out forms (sign-up, login, forgot password) and the account rules and
 *   texts of src/shared, with those forms and with any other lazily loaded screen;
 * - shared: the rest of src/shared's texts (the visits', payments' and chat's rules, validation messages, errors), with
 *   the signed-in screens;
 * - shared/signed-in: the texts of src/shared only signed-in screens show (texts, the trusted contact), with them;
 * - one per signed-in feature (accounts, appointments, payments, chat) and one for the signed-in shell (guards,
 *   layouts, /home), loaded with the first lazily loaded screen;
 * - server: the e-mails. The back office (features/admin) stays in English.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/web/locales/{locale}',
      include: ['<rootDir>/src/web/app', '<rootDir>/src/web/components', '<rootDir>/src/web/lib', '<rootDir>/src/web/features/public'],
      exclude: ['**/*.test.*', ...SIGNED_IN_SHELL, ...PUBLIC_PAGES],
    },
    { path: '<rootDir>/src/web/app/locales/{locale}', include: SIGNED_IN_SHELL, exclude: ['**/*.test.*'] },
    {
      path: '<rootDir>/src/web/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/web/features/{name}'],
      exclude: ['**/*.test.*', '<rootDir>/src/web/features/admin', '<rootDir>/src/web/features/public', ...SIGNED_OUT_FORMS],
    },
    { path: '<rootDir>/src/web/features/accounts/locales/forms/{locale}', include: SIGNED_OUT_FORMS, exclude: ['**/*.test.*'] },
    {
      path: '<rootDir>/src/web/locales/public/{locale}',
      include: PUBLIC_PAGES,
      exclude: ['**/*.test.*'],
    },
    { path: '<rootDir>/src/shared/locales/site/{locale}', include: SITE_TEXTS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/shared/locales/forms/{locale}', include: FORM_TEXTS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/shared/locales/signed-in/{locale}', include: SIGNED_IN_TEXTS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/shared/locales/facts/{locale}', include: FACT_TEXTS, exclude: ['**/*.test.*'] },
    {
      path: '<rootDir>/src/shared/locales/{locale}',
      include: ['<rootDir>/src/shared'],
      exclude: ['**/*.test.*', ...SITE_TEXTS, ...FORM_TEXTS, ...SIGNED_IN_TEXTS, ...FACT_TEXTS],
    },
    { path: '<rootDir>/src/server/locales/{locale}', include: ['<rootDir>/src/server'], exclude: ['**/*.test.*'] },
  ],
  extractors: [plainTexts, babel],
  format: formatter({ lineNumbers: false }),
});
