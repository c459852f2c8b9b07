// The server reads its catalogues at start (src/server/i18n.ts): the build copies them next to the built code, at
// the same relative paths.
import { cpSync } from 'node:fs';

for (const folder of [
  'server/locales',
  'shared/locales',
  'shared/locales/site',
  'shared/locales/forms',
  'shared/locales/signed-in',
  'shared/locales/facts',
])
  for (const locale of ['en', 'es']) cpSync(`src/${folder}/${locale}.po`, `dist/${folder}/${locale}.po`);
