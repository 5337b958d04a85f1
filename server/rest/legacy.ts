/** A flag in the documented REST paths' legacy wire shape (SPEC §7): `"true"` / `"false"` strings. */
export const bool = (v: boolean): 'true' | 'false' => (v ? 'true' : 'false');
