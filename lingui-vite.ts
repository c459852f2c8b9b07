import { transformAsync } from '@babel/core';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const usesMacro = /@lingui\/(?:core|react)\/macro/;

/**
 * Lingui's macros compiled by Babel, only in the modules that import one, before React's transform. This is all the
 * build needs of Babel; a plugin of our own keeps the toolchain on packages that support Node 20 as well as 24
 * (decisions 016 and 028).
 */
function linguiMacros(): Plugin {
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
          plugins: ['@lingui/babel-plugin-lingui-macro'],
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
