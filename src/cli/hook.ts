// `dsctl hook <agent> <event>` through the command-line parser: the dispatcher is the hooks' own (the bin's fast path calls it directly).
export { runHook } from '../hooks/dispatch.js';
