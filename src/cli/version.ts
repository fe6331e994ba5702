import { packageVersion } from '../project/package-root.js';

declare const __DSCTL_VERSION__: string | undefined;

/** Inlined by the bundler, so `dsctl --version` reads no file; read from package.json when run from source. */
export const VERSION: string = typeof __DSCTL_VERSION__ === 'string' ? __DSCTL_VERSION__ : packageVersion();
