/** A Lingui catalog, compiled by @lingui/vite-plugin when imported (client/vite-plugins/lingui.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
