import { fileURLToPath } from 'node:url';
import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const usesMacro = /@lingui\/(?:core|react)\/macro/;

/**
 * The macros that read the `i18n` instance (`t`, `plural`, `select`) import it from src/web/lib/i18n.ts, which
 * re-exports @lingui/core's, rather than from @lingui/core: while lazily loaded chunks imported @lingui/core
 * directly, Rolldown would not merge Lingui into the entry chunk, and every first load fetched Lingui (and
 * src/shared/locale.ts) as common chunks of their own, several hundred bytes more. Read by Babel's macro plugin
 * from lingui.config.ts, with only `runtimeConfigModule.i18n` changed.
 */
const I18N_MODULE = fileURLToPath(new URL('./src/web/lib/i18n.ts', import.meta.url));
const LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const macroConfig = () => {
  const config = getConfig({ configPath: LINGUI_CONFIG });
  return { ...config, runtimeConfigModule: { ...config.runtimeConfigModule, i18n: [I18N_MODULE, 'i18n'] } };
};

/**
 * Lingui's macros compiled by Babel, only in the modules that import one, before React's transform. This is all the
 * build needs of Babel; a plugin of our own keeps the toolchain on packages that support Node 20 as well as 24
 * (decisions 016 and 028).
 */
function linguiMacros(): Plugin {
  const linguiConfig = macroConfig();
  return {
    name: 'techhelp-lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: /\.[jt]sx?(?:$|\?)/, code: usesMacro },
      async handler(code, id) {
        const file = id.split('?')[0] ?? id;
        const result = await transformAsync(code, {
          babelrc: false,
          configFile: false,
          filename: file,
          sourceMaps: true,
          parserOpts: {
            sourceType: 'module',
            plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : file.endsWith('.ts') ? ['typescript'] : ['jsx'],
          },
          plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]],
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map };
      },
    },
  };
}

/**
 * React with Lingui's macros (decision 016), for the build and for vitest alike; `lingui()` turns an imported .po
 * catalogue into compiled messages.
 */
export const reactWithLingui = () => [linguiMacros(), react(), lingui()];
