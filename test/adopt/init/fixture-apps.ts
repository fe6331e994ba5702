import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../../support/temp-dir.js';

/** Three real-world app shapes, written file by file into a temp folder: what `dsctl init` adopts. */
export type AppName = 'next-shadcn' | 'vite-react' | 'nuxt';

const write = (root: string, files: Record<string, string>) => {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
};

// shadcn's CSS variables (Tailwind v3 flavour: HSL triplets in :root and .dark).
const SHADCN_CSS = `@tailwind base;
@tailwind components;
@tailwind utilities;

@layer base {
  :root {
    --background: 0 0% 100%;
    --foreground: 222.2 84% 4.9%;
    --primary: 222.2 47.4% 11.2%;
    --primary-foreground: 210 40% 98%;
    --border: 214.3 31.8% 91.4%;
    --radius: 0.5rem;
  }
  .dark {
    --background: 222.2 84% 4.9%;
    --foreground: 210 40% 98%;
  }
}
`;

export const NEXT_PACKAGE_JSON = `{
    "name": "acme-web",
    "version": "0.3.0",
    "private": true,
    "scripts": {
        "dev": "next dev",
        "build": "next build",
        "start": "next start",
        "lint": "next lint"
    },
    "dependencies": {
        "class-variance-authority": "^0.7.0",
        "clsx": "^2.1.1",
        "next": "14.2.5",
        "react": "^18.3.1",
        "react-dom": "^18.3.1",
        "tailwind-merge": "^2.4.0"
    },
    "devDependencies": {
        "@types/react": "^18.3.3",
        "tailwindcss": "^3.4.7",
        "typescript": "^5.5.4"
    }
}
`;

export const NEXT_GITIGNORE = `# dependencies
node_modules
.next
.env
*.pem
`;

const APPS: Record<AppName, Record<string, string>> = {
  'next-shadcn': {
    'package.json': NEXT_PACKAGE_JSON,
    '.gitignore': NEXT_GITIGNORE,
    'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
    'tailwind.config.js': `/** @type {import('tailwindcss').Config} */
module.exports = {
  darkMode: ['class'],
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: { extend: { colors: { background: 'hsl(var(--background))', primary: { DEFAULT: 'hsl(var(--primary))' } } } },
};
`,
    'components.json': '{ "style": "default", "tailwind": { "config": "tailwind.config.js", "css": "app/globals.css", "cssVariables": true } }\n',
    'app/globals.css': SHADCN_CSS,
    'app/layout.tsx': "import './globals.css';\nexport default function RootLayout({ children }: { children: React.ReactNode }) {\n  return <html lang=\"en\"><body className=\"bg-background text-foreground\">{children}</body></html>;\n}\n",
    'app/page.tsx': "import { Button } from '@/components/ui/button';\nexport default function Page() {\n  return <main className=\"p-4\"><Button type=\"button\">Save</Button></main>;\n}\n",
    'components/ui/button.tsx': "import { cva } from 'class-variance-authority';\nimport { cn } from '@/lib/utils';\nconst buttonVariants = cva('inline-flex items-center rounded-md', { variants: { variant: { default: 'bg-primary text-primary-foreground' } } });\nexport function Button(props: React.ButtonHTMLAttributes<HTMLButtonElement>) {\n  return <button {...props} className={cn(buttonVariants({ variant: 'default' }))} />;\n}\n",
    'components/ui/card.tsx': "export function Card({ children }: { children: React.ReactNode }) {\n  return <div className=\"rounded-lg border bg-card\">{children}</div>;\n}\n",
    'lib/utils.ts': "import { clsx } from 'clsx';\nimport { twMerge } from 'tailwind-merge';\nexport function cn(...inputs: string[]) { return twMerge(clsx(inputs)); }\n",
  },
  'vite-react': {
    'package.json': `{
  "name": "vite-shop",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "tsc -b && vite build"
  },
  "dependencies": {
    "react": "^19.0.0",
    "react-dom": "^19.0.0"
  },
  "devDependencies": {
    "@tailwindcss/vite": "^4.0.0",
    "@vitejs/plugin-react": "^4.3.4",
    "tailwindcss": "^4.0.0",
    "vite": "^6.0.0"
  }
}
`,
    '.gitignore': 'node_modules\ndist\n*.local\n',
    'package-lock.json': '{ "name": "vite-shop", "lockfileVersion": 3, "requires": true, "packages": {} }\n',
    'index.html': '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Shop</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
    'vite.config.ts': "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nimport tailwindcss from '@tailwindcss/vite';\nexport default defineConfig({ plugins: [react(), tailwindcss()] });\n",
    'src/index.css': '@import "tailwindcss";\n\n@theme {\n  --color-brand: #0ea5e9;\n}\n',
    'src/main.tsx': "import { createRoot } from 'react-dom/client';\nimport './index.css';\nimport { App } from './App';\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
    'src/App.tsx': "import { ProductCard } from './components/ProductCard';\nexport function App() {\n  return <main className=\"p-4\"><ProductCard /></main>;\n}\n",
    'src/components/ProductCard.tsx': "export function ProductCard() {\n  return <div className=\"rounded-lg border p-4\"><button type=\"button\" className=\"btn\">Buy</button></div>;\n}\n",
  },
  nuxt: {
    'package.json': '{\n\t"name": "nuxt-blog",\n\t"private": true,\n\t"type": "module",\n\t"scripts": {\n\t\t"dev": "nuxt dev",\n\t\t"build": "nuxt build"\n\t},\n\t"dependencies": {\n\t\t"nuxt": "^3.15.0",\n\t\t"vue": "^3.5.13"\n\t},\n\t"devDependencies": {\n\t\t"@tailwindcss/vite": "^4.0.0",\n\t\t"tailwindcss": "^4.0.0"\n\t}\n}\n',
    '.gitignore': '.output\n.nuxt\nnode_modules\n.env\n',
    'yarn.lock': '# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n# yarn lockfile v1\n',
    'nuxt.config.ts': "import tailwindcss from '@tailwindcss/vite';\nexport default defineNuxtConfig({ css: ['~/assets/css/main.css'], vite: { plugins: [tailwindcss()] } });\n",
    'app.vue': '<template>\n  <div class="p-4"><NuxtPage /></div>\n</template>\n',
    'assets/css/main.css': '@import "tailwindcss";\n\n:root {\n  --brand: #10b981;\n}\n',
    'pages/index.vue': '<template>\n  <main class="p-4"><PostCard /></main>\n</template>\n',
    'components/PostCard.vue': '<template>\n  <article class="rounded-lg border p-4"><h2 class="text-lg">Post</h2></article>\n</template>\n',
    'AGENTS.md': '# Agents\n\nUse yarn. Run the tests before you push.\n',
  },
};

/** A fresh copy of the app in a temp folder. */
export function fixtureApp(name: AppName): string {
  const root = join(tempDir('dsctl-adopt-'), name);
  mkdirSync(root, { recursive: true });
  write(root, APPS[name]);
  return root;
}

export const appFiles = (name: AppName): Readonly<Record<string, string>> => APPS[name];
