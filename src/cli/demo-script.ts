/*
 * The scripted agent of `dsctl demo`: it writes a billing page with two mistakes an agent typically
 * makes (raw black text, Tailwind's own palette), then fixes one per repair attempt, the way a model
 * does when it gets the findings back. Replayed by the scripted driver, so the demo is offline and
 * the same every time.
 */

export const DEMO_TARGET = 'examples/billing.html';

const page = (heading: string, action: string) => `<main class="p-6 flex flex-col gap-4">
  <h1 class="text-2xl font-semibold ${heading}">Billing</h1>
  <p class="text-fg-muted">Your plan renews on 1 March.</p>
  <button type="button" class="btn h-10 px-4 gap-2 text-sm rounded-md font-medium ${action} text-on-primary hover:bg-primary-hover">Change plan</button>
</main>
`;

export const DEMO_AGENT_SCRIPT = {
  steps: [
    { write: { [DEMO_TARGET]: page('text-black', 'bg-blue-600') }, answer: 'Wrote the billing page.', turns: 3, costUsd: 0.012 },
    { write: { [DEMO_TARGET]: page('text-fg', 'bg-blue-600') }, answer: 'Replaced text-black with text-fg.', turns: 2, costUsd: 0.006 },
    { write: { [DEMO_TARGET]: page('text-fg', 'bg-primary') }, answer: 'Replaced bg-blue-600 with bg-primary.', turns: 2, costUsd: 0.006 },
  ],
};

/** A PreToolUse call the hook must deny: an agent rewriting the tokens through the shell. */
export const DEMO_PROTECTED_WRITE = {
  session_id: 'dsctl-demo',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'cd design && sed -i s/3549cf/ff0000/ contracts/tokens.json', description: 'make the brand red' },
};

/** The token a person changes in the demo, and its new value: the views go stale until W2 heals them. */
export const DEMO_TOKEN_CHANGE = { from: '"#5e5a53"', to: '"#5d5952"', path: 'design/contracts/tokens.json' };
