/** A Lingui catalogue, compiled by the build's Lingui plugin when imported (lingui-vite.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
