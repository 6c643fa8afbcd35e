import { describe, expect, it } from 'vitest';
import { BUILT_IN_PORTS } from '@mfd/contracts';
import { portTimezone } from './port-timezone';

describe('port time zones', () => {
  it('when a built-in port is placed by its country and coordinates, then it gets the zone the spec gives it', () => {
    for (const port of BUILT_IN_PORTS)
      expect(portTimezone(port.country, port.lat, port.lon), port.unlocode).toBe(port.timezone);
  });

  it('when a port lies outside the twelve spec zones, then it gets its own IANA zone', () => {
    expect(portTimezone('AX', 60.1, 19.95)).toBe('Europe/Mariehamn');
  });

  it('when a port of a one-zone country has no coordinates, then the country gives the zone', () => {
    // East London, Port Elizabeth, Richards Bay, Saldanha Bay: ZA rows without coordinates.
    for (const code of ['ZAELS', 'ZAPLZ', 'ZARCB', 'ZASDB'])
      expect(portTimezone(code.slice(0, 2), null, null), code).toBe('Africa/Johannesburg');
    expect(portTimezone('NL', null, null)).toBe('Europe/Amsterdam');
    expect(portTimezone('DE', null, null)).toBe('Europe/Berlin');
  });

  it('when coordinates point into another country, then the country is trusted', () => {
    // ZASHM: the file's coordinates are north of the equator (a wrong hemisphere letter), in Egypt.
    expect(portTimezone('ZA', 31.0, 29.9)).toBe('Africa/Johannesburg');
    expect(portTimezone('ZA', 33.0167, 17.95)).toBe('Africa/Johannesburg');
  });

  it('when a country has several zones, then the coordinates choose, and a place across the border keeps its clock', () => {
    expect(portTimezone('US', 29.75, -95.3667)).toBe('America/Chicago');
    expect(portTimezone('US', 47.6, -122.33)).toBe('America/Los_Angeles');
    expect(portTimezone('US', 61.2167, -149.9)).toBe('America/Anchorage');
    // Coordinates across the border (Windsor, Ontario; Tijuana): the US zone that keeps the same clock.
    expect(portTimezone('US', 42.3, -83.03)).toBe('America/New_York');
    expect(portTimezone('US', 32.52, -117.03)).toBe('America/Los_Angeles');
  });

  it('when neither the country nor coordinates tell, then UTC', () => {
    expect(portTimezone('US', null, null)).toBe('UTC');
    expect(portTimezone('US', 30, -40)).toBe('UTC');
  });
});
