import { customPropertyPath, tailwindThemePath, typeHintOf } from '../css-naming.js';
import { propertiesToTokens, readCustomProperties } from '../css-custom-properties.js';
import { defineTokenImporter } from '../token-importer.js';

/**
 * Tailwind v4 stylesheets: `@theme` and `@theme inline` blocks by namespace (--color-*, --spacing,
 * --radius-*, --text-*, --font-*, --font-weight-*, --leading-*, --shadow-*, --ease-*), and the plain
 * custom properties beside them, as css-variables reads them. `@theme inline { --color-x: var(--x) }`
 * is the wiring of a css variable to a utility: it adds an alias only when the names differ.
 */
export const importer = defineTokenImporter({
  id: 'tailwind-v4-theme',
  meta: {
    docs: { description: 'Tailwind v4 CSS: @theme / @theme inline namespaces (--color-*, --spacing, --radius-*, --text-*, --font-*, --shadow-*) and the :root/.dark custom properties they alias.' },
    detect: (file, text) => /\.(?:css|pcss|postcss)$/i.test(file) && /@theme\b/.test(text),
  },
  import(file, text) {
    return propertiesToTokens(readCustomProperties(file, text), (prop) => {
      if (prop.block === 'rule') {
        const hint = typeHintOf(prop.name);
        return { ...(hint ? { hint } : {}), path: (type) => customPropertyPath(prop.name, type) };
      }
      const themed = tailwindThemePath(prop.name);
      if (!themed) return { skip: 'dsctl imports the color, spacing, radius, text, font, font-weight, leading, shadow, ease, z-index and duration namespaces' };
      return { hint: themed.type, path: () => themed.path };
    });
  },
});
