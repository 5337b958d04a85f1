/**
 * The documented REST paths (SPEC §7) speak the legacy wire shape: UPPER_SNAKE keys, ids named after
 * their entity (`OUTLET_ID`, `BO_ID`) and flags as "true"/"false" strings. One mapper for all of them.
 */
export function legacyKey(camel: string): string {
  return camel.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

export function toLegacy(
  record: object,
  options: { idKey?: string; omit?: readonly string[] } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record) as [string, unknown][]) {
    if (options.omit?.includes(key)) continue;
    const k = key === 'id' && options.idKey ? options.idKey : legacyKey(key);
    out[k] = typeof value === 'boolean' ? String(value) : value;
  }
  return out;
}
