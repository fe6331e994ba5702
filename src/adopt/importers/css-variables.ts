import { customPropertyPath, typeHintOf } from '../css-naming.js';
import { propertiesToTokens, readCustomProperties } from '../css-custom-properties.js';
import { defineTokenImporter } from '../token-importer.js';

/**
 * Plain CSS custom properties in token scopes (`:root`, `.dark`, `[data-theme=…]`,
 * `@media (prefers-color-scheme: dark)`), named by src/adopt/css-naming.ts. Files with Tailwind's
 * `@theme` belong to tailwind-v4-theme, which reads these scopes too.
 */
export const importer = defineTokenImporter({
  id: 'css-variables',
  meta: {
    docs: { description: 'CSS custom properties in :root, .dark, [data-theme=…] and prefers-color-scheme blocks (shadcn HSL channels, oklch(), rgb(), hsl(), hex, px/rem, numbers, var() aliases).' },
    detect: (file, text) => /\.(?:css|pcss|postcss)$/i.test(file) && /--[\w-]+\s*:/.test(text) && !/@theme\b/.test(text),
  },
  import(file, text) {
    const props = readCustomProperties(file, text).filter((p) => p.block === 'rule');
    return propertiesToTokens(props, (prop) => {
      const hint = typeHintOf(prop.name);
      return { ...(hint ? { hint } : {}), path: (type) => customPropertyPath(prop.name, type) };
    });
  },
});
