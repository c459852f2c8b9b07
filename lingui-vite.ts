import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';

/**
 * React with Lingui's macros (decision 016), for the build and for vitest alike: Babel runs only on the modules that
 * import a macro, before React's transform; `lingui()` turns an imported .po catalogue into compiled messages.
 */
export const reactWithLingui = () => [
  babel({
    presets: [
      defineRolldownBabelPreset({
        preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
        rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
      }),
    ],
  }),
  react(),
  lingui(),
];
