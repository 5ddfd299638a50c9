import { describe, expect, it } from 'vitest';
import { MODES, isDeviceMode } from '../../../core/catalog';
import { planDeviceModes } from '../../../web/engine/plan';

describe('#planDeviceModes', () => {
  it.each([
    ['nothing', [], []],
    ['one mode', ['sharpen'], ['sharpen']],
    [
      'tone and colour in catalogue order',
      ['warmerTones', 'autoOptimize', 'brighten'],
      ['brighten', 'autoOptimize', 'warmerTones'],
    ],
    ['duplicates once', ['brighten', 'brighten'], ['brighten']],
    ['perspective first, it resamples', ['brighten', 'perspective'], ['perspective', 'brighten']],
    [
      'details and sharpen last, after every grade',
      ['sharpen', 'details', 'cozyAtmosphere', 'sunshine', 'perspective', 'brighten'],
      ['perspective', 'brighten', 'sunshine', 'cozyAtmosphere', 'details', 'sharpen'],
    ],
    [
      'room modes after global ones',
      ['goldenHour', 'warmLighting', 'autoOptimize'],
      ['autoOptimize', 'warmLighting', 'goldenHour'],
    ],
  ])('%s', (_name, ids, planned) => {
    expect(planDeviceModes(ids)).toEqual(planned);
  });

  it.each([
    ['a server mode', ['brighten', 'declutter'], 'Not device modes: declutter'],
    ['an unknown id', ['sparkle'], 'Not device modes: sparkle'],
    ['staging', ['cozyFurnishing', 'virtualStaging'], 'Not device modes: cozyFurnishing, virtualStaging'],
  ])('throws RangeError for %s', (_name, ids, message) => {
    expect(() => planDeviceModes(ids)).toThrow(new RangeError(message));
  });

  it('plans every device mode of the catalogue: geometry first, detail modes last, sharpening the very last', () => {
    const device = MODES.filter((mode) => isDeviceMode(mode.id));
    const planned = planDeviceModes([...device].reverse().map((mode) => mode.id));
    const category = (id: string) => device.find((mode) => mode.id === id)!.category;
    expect([...planned].sort()).toEqual(device.map((mode) => mode.id).sort());
    expect(category(planned[0]!)).toBe('perspective');
    expect(planned.at(-1)).toBe('sharpen');
    const firstDetail = planned.findIndex((id) => category(id) === 'detail');
    expect(planned.slice(firstDetail).every((id) => category(id) === 'detail')).toBe(true);
    expect(
      planned.slice(1, firstDetail).every((id) => !['perspective', 'detail'].includes(category(id))),
    ).toBe(true);
  });
});
