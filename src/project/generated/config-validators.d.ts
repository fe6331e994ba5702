/** Standalone validators of dsctl.config.json and design/policy.json (see scripts/write-schemas.ts). */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
export declare const validateConfig: CompiledValidator;
export declare const validatePolicy: CompiledValidator;
