// @vitest-environment node
import { describe, expect, it } from 'vitest';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import { onceEvery } from '@/mocks/util';

describe('comum.js vezLiberada: staff’s alerts and the questions to Asaas, at most once an interval', () => {
  it('lets the first through, then none until the interval has passed', () => {
    expect(comum.vezLiberada(0, 5_000, 2_000)).toBe(true);
    expect(comum.vezLiberada(4_000, 5_000, 2_000)).toBe(false);
    expect(comum.vezLiberada(3_000, 5_000, 2_000)).toBe(true);
  });

  it('the double remembers each key’s last time, as the kit’s app store does (registros.js daVez)', () => {
    const vez = onceEvery(2_000);
    expect(vez.due('processo_alerta:a', 1_000)).toBe(true);
    expect(vez.due('processo_alerta:a', 2_000)).toBe(false);
    expect(vez.due('processo_alerta:b', 2_000)).toBe(true);
    // A refused call is not noted: the interval still runs from the one that went.
    expect(vez.due('processo_alerta:a', 3_000)).toBe(true);
    vez.clear();
    expect(vez.due('processo_alerta:a', 3_001)).toBe(true);
  });
});
