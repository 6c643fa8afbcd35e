import { describe, expect, it } from 'vitest';
import { parseUnlocodeCoordinates } from './unlocode-coordinates';

describe('UN/LOCODE coordinates', () => {
  it('when north and east, then positive decimal degrees from degrees and minutes', () => {
    expect(parseUnlocodeCoordinates('0117N 10350E')).toEqual({ lat: 1.2833, lon: 103.8333 });
    expect(parseUnlocodeCoordinates('5155N 00430E')).toEqual({ lat: 51.9167, lon: 4.5 });
  });

  it('when south or west, then negative values', () => {
    expect(parseUnlocodeCoordinates('3352S 15113E')).toEqual({ lat: -33.8667, lon: 151.2167 });
    expect(parseUnlocodeCoordinates('4042N 07400W')).toEqual({ lat: 40.7, lon: -74 });
  });

  it('when empty, then no coordinates, not an error', () => {
    expect(parseUnlocodeCoordinates('')).toBeNull();
    expect(parseUnlocodeCoordinates('   ')).toBeNull();
  });

  it('when malformed, then an error that quotes the text', () => {
    expect(parseUnlocodeCoordinates('0117N10350E')).toEqual({
      error: 'coordinates "0117N10350E" are not in the form ddmmN dddmmE',
    });
    expect(parseUnlocodeCoordinates('117N 10350E')).toHaveProperty('error');
    expect(parseUnlocodeCoordinates('0117X 10350E')).toHaveProperty('error');
  });

  it('when minutes reach 60 or degrees leave the globe, then an error', () => {
    expect(parseUnlocodeCoordinates('4162N 01934E')).toEqual({
      error: 'coordinates "4162N 01934E" have minutes of 60 or more',
    });
    expect(parseUnlocodeCoordinates('3154N 25931E')).toEqual({
      error: 'coordinates "3154N 25931E" are out of range',
    });
    expect(parseUnlocodeCoordinates('9100N 00000E')).toHaveProperty('error');
  });
});
