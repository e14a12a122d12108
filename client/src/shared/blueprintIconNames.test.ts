import { describe, expect, it } from 'vitest';
import * as blueprint from '@blueprintjs/icons/lib/cjs/iconNames.js';
import { IconNames, IconNamesSet } from './blueprintIconNames';

// The build replaces Blueprint's icon name tables with blueprintIconNames.ts (client/bundlePlugins.ts).
describe('slim Blueprint icon names', () => {
  it('answers every constant of Blueprint with the same icon name', () => {
    const constants = Object.entries(blueprint.IconNames);
    expect(constants.length).toBeGreaterThan(1000);
    for (const [key, name] of constants) expect(IconNames[key], key).toBe(name);
  });

  it('accepts every icon name Blueprint knows', () => {
    for (const name of blueprint.IconNamesSet) expect(IconNamesSet.has(name), name).toBe(true);
  });

  it('refuses what cannot be an icon name', () => {
    for (const name of ['', 'Arrow-Up', 'arrow up', '-arrow', 'arrow-', 'arrow--up']) expect(IconNamesSet.has(name), name).toBe(false);
  });
});
