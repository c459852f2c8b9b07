import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';

/** Every catalogue folder of the app (lingui.config.ts): one .po per language in each. */
const SRC = fileURLToPath(new URL('.', import.meta.url));
/** Every folder under `dir` that holds an en.po: the nested ones too (locales/site, locales/public, locales/forms). */
const localeFolders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return entry.name === 'en.po' ? [dir] : [];
    return localeFolders(path.join(dir, entry.name));
  });

const po = formatter({ lineNumbers: false });

async function catalogue(folder: string, locale: string) {
  const filename = path.join(folder, `${locale}.po`);
  const parsed = await po.parse(readFileSync(filename, 'utf8'), { locale, sourceLocale: 'en', filename });
  return Object.fromEntries(Object.entries(parsed).filter(([, message]) => !message.obsolete));
}

const FOLDERS = localeFolders(SRC);

it('finds every catalogue folder, the nested ones included', () => {
  const relative = FOLDERS.map((folder) => path.relative(SRC, folder));
  expect(relative).toEqual(
    expect.arrayContaining(['web/locales', 'web/locales/public', 'shared/locales/site', 'shared/locales/forms', 'server/locales']),
  );
});

describe.each(FOLDERS.map((folder) => path.relative(SRC, folder)))('the catalogues in src/%s', (folder) => {
  it('hold the same messages in English and Spanish, each translated', async () => {
    const english = await catalogue(path.join(SRC, folder), 'en');
    const spanish = await catalogue(path.join(SRC, folder), 'es');
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    const untranslated = Object.entries(spanish)
      .filter(([, message]) => !message.translation?.trim())
      .map(([id, message]) => message.message ?? id);
    expect(untranslated).toEqual([]);
  });
});
