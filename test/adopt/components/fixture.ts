import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { plainColors, type CliIo } from '../../../src/cli/io.js';
import { runCli } from '../../../src/cli/run.js';
import { AGENT_MARKERS } from '../../../src/governance/agent-markers.js';
import { editJson, starterProject } from '../../support/project.js';

export const BUTTON = `import * as React from "react"
import { Slot } from "@radix-ui/react-slot"
import { cva, type VariantProps } from "class-variance-authority"

import { cn } from "@/lib/utils"

const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium",
  {
    variants: {
      variant: {
        default: "bg-primary text-on-primary hover:bg-primary-hover",
        destructive: "bg-danger-solid text-on-primary",
        outline: "border border-border bg-surface",
      },
      size: {
        default: "h-10 px-4",
        sm: "h-8 px-3",
        lg: "h-12 px-6",
      },
    },
    defaultVariants: {
      variant: "default",
      size: "default",
    },
  }
)

function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element instead of a <button>. */
    asChild?: boolean
  }) {
  const Comp = asChild ? Slot : "button"
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />
}

export { Button, buttonVariants }
`;

export const CARD = `import * as React from "react"
import { cn } from "@/lib/utils"

function Card({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card" className={cn("rounded-lg border", className)} {...props} />
}

function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("p-6", className)} {...props} />
}

function CardTitle({ className, ...props }: React.ComponentProps<"h3">) {
  return <h3 className={cn("font-semibold", className)} {...props} />
}

export { Card, CardHeader, CardTitle }
`;

export const DISCLOSURE = `import { useState, type KeyboardEvent, type ReactNode } from "react"

interface DisclosureProps {
  title: string
  children?: ReactNode
  onToggle?(open: boolean): void
}

export default function Disclosure({ title, children, onToggle }: DisclosureProps) {
  const [open, setOpen] = useState(false)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") setOpen(false)
  }
  return (
    <div role="group" onKeyDown={onKeyDown}>
      <span role="button" tabIndex={0} aria-expanded={open} onClick={() => { setOpen(!open); onToggle?.(!open) }}>{title}</span>
      {open ? children : null}
    </div>
  )
}
`;

export const STATUS_TAG = `<script setup lang="ts">
defineProps<{ label: string; disabled?: boolean }>()
</script>

<template>
  <span class="badge" :aria-disabled="disabled"><slot />{{ label }}</span>
</template>
`;

export const UTILS = `export function cn(...classes: unknown[]): string {
  return classes.filter(Boolean).join(" ")
}
`;

/** A starter design system around a small shadcn-style app, contracts of scanned components in their own folder. */
export function fixtureApp(options: { contracts?: string } = {}): string {
  // The app's own components, not the starter's React library.
  const dir = starterProject({ components: 'none' });
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  write('tsconfig.json', `${JSON.stringify({ compilerOptions: { target: 'ES2022', jsx: 'react-jsx', strict: true, moduleResolution: 'bundler', module: 'esnext', paths: { '@/*': ['./src/*'] } }, include: ['src'] }, null, 2)}\n`);
  write('src/lib/utils.ts', UTILS);
  write('src/components/ui/button.tsx', BUTTON);
  write('src/components/ui/card.tsx', CARD);
  write('src/components/disclosure.tsx', DISCLOSURE);
  write('src/components/StatusTag.vue', STATUS_TAG);
  const contracts = options.contracts ?? 'design/contracts/app-components';
  mkdirSync(join(dir, contracts), { recursive: true });
  editJson<{ contracts: { components: string } }>(dir, 'dsctl.config.json', (config) => {
    config.contracts.components = contracts;
  });
  return dir;
}

/** No agent, sandbox or runner markers, whatever runs the tests: the scan is a person's command. */
export const PERSON: Record<string, string> = { CI: '', ...Object.fromEntries(AGENT_MARKERS.map((m) => [m.variable, ''])) };

export async function cli(cwd: string, args: string[], env: Record<string, string> = PERSON): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { cwd, env, stdout: (t) => out.push(t), stderr: (t) => err.push(t), readStdin: async () => '', interactive: false, out: plainColors(), err: plainColors() };
  const code = await runCli(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}
