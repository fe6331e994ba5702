import { z } from 'zod';

export const DRIVERS = ['claude-code', 'command', 'scripted'] as const;

/** Which agent a run drives, with what it needs: saved in the run's state so a resume drives the same one. */
export const AgentChoiceSchema = z.strictObject({
  driver: z.enum(DRIVERS),
  /** Absolute path of the scripted driver's script. */
  script: z.string().optional(),
  /** The command driver's template. */
  command: z.string().optional(),
});

export type AgentChoice = z.output<typeof AgentChoiceSchema>;
