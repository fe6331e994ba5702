import type { BenchProvider, ProviderContext, ProviderId } from './provider.js';

/** The provider registry: loaded lazily (the SDK is only imported by runs that use it). */
const PROVIDERS: Readonly<Record<ProviderId, (ctx: ProviderContext) => Promise<BenchProvider>>> = {
  anthropic: async (ctx) => (await import('./anthropic.js')).createAnthropicProvider(ctx),
  'claude-code': async (ctx) => (await import('./claude-code.js')).createClaudeCodeProvider(ctx),
  scripted: async (ctx) => (await import('./scripted.js')).createScriptedProvider(ctx),
};

export function createProvider(id: ProviderId, ctx: ProviderContext): Promise<BenchProvider> {
  return PROVIDERS[id](ctx);
}
