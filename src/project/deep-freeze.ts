/** Freezes a loaded value all the way down, so a shared Project cannot be changed by any caller. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Map) {
    for (const [k, v] of value) {
      deepFreeze(k);
      deepFreeze(v);
    }
    const map = value as Map<unknown, unknown>;
    const refuse = () => {
      throw new TypeError('a Project is immutable');
    };
    map.set = refuse;
    map.delete = refuse;
    map.clear = refuse;
  } else if (value instanceof Set) {
    for (const v of value) deepFreeze(v);
  } else {
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return Object.freeze(value);
}
