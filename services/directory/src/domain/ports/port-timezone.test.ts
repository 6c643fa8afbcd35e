import { describe, expect, it } from 'vitest';
import { BUILT_IN_PORTS } from '@mfd/contracts';
import { portTimezone } from './port-timezone';

describe('port time zones', () => {
  it('when a built-in port is placed by its coordinates, then it gets the zone the spec gives it', () => {
    for (const port of BUILT_IN_PORTS) expect(portTimezone(port.lat, port.lon), port.unlocode).toBe(port.timezone);
  });

  it('when a port lies outside the twelve spec zones, then it gets its own IANA zone', () => {
    expect(portTimezone(60.1, 19.95)).toBe('Europe/Mariehamn');
  });

  it('when a port has no coordinates, then UTC', () => {
    expect(portTimezone(null, null)).toBe('UTC');
  });
});
