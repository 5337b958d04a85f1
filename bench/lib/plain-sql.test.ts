import { describe, expect, it } from 'vitest';
import { toPositional } from './plain-sql.ts';

describe('toPositional', () => {
  it('numbers ? placeholders as $1…$n, leaving quoted text and ?? alone', () => {
    expect(toPositional('SELECT ? AS a, ?::int, \'?\' AS q, "col?" FROM t WHERE x = ? AND y ?? z')).toBe(
      'SELECT $1 AS a, $2::int, \'?\' AS q, "col?" FROM t WHERE x = $3 AND y ?? z',
    );
    expect(toPositional('no placeholders')).toBe('no placeholders');
  });
});
