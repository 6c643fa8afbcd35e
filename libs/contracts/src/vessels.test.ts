import { describe, expect, it } from 'vitest';
import { parseVesselText, vesselDisplayName } from './vessels';

describe('the vessel box text', () => {
  it('when it holds "name (IMO: number)", then name and IMO are read back', () => {
    expect(parseVesselText('MSC OSCAR (IMO: 9703291)')).toEqual({ name: 'MSC OSCAR', imo: '9703291' });
    expect(parseVesselText(' Ever Given (imo 9811000) ')).toEqual({ name: 'Ever Given', imo: '9811000' });
  });
  it('when it holds a name alone, then there is no IMO', () => {
    expect(parseVesselText('  Nordic Star ')).toEqual({ name: 'Nordic Star', imo: null });
    expect(parseVesselText('Ship (IMO: 12345)')).toEqual({ name: 'Ship (IMO: 12345)', imo: null });
  });
  it('when a registry entry is shown, then parsing it gives the entry back', () => {
    expect(parseVesselText(vesselDisplayName({ name: 'MAERSK ESSEX', imo: '9632179' }))).toEqual({
      name: 'MAERSK ESSEX',
      imo: '9632179',
    });
  });
});
