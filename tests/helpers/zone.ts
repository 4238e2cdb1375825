/**
 * The unit tests run twice: in São Paulo (where staff and customers are) and in Tokyo (ahead of UTC), see
 * `npm run test:unit`. A value that depends on the zone is written out for each, literally; an unknown zone
 * fails the test instead of comparing with something computed.
 */
export const ZONES = ['America/Sao_Paulo', 'Asia/Tokyo'] as const;
export type Zone = (typeof ZONES)[number];

export function currentZone(): Zone {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!(ZONES as readonly string[]).includes(zone))
    throw new Error(`Unit tests run with TZ=America/Sao_Paulo or TZ=Asia/Tokyo (this run: ${zone}).`);
  return zone as Zone;
}

/** The literal written for the zone this run is in. */
export function inZone<T>(values: Record<Zone, T>): T {
  return values[currentZone()];
}
