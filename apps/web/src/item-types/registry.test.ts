import { ITEM_TYPE_CODES, itemTypes } from '@ninety/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllItemTypes, type LoadedItemTypes } from '../testing/item-types';
import { itemKindOf, loadItemType } from './registry';

let types: LoadedItemTypes;
beforeAll(async () => {
  types = await loadAllItemTypes();
});

describe('the item-type registry', () => {
  it('describes all 23 codes (22 PTE types and PI), each under its own code', () => {
    expect(Object.keys(types).sort()).toEqual([...ITEM_TYPE_CODES].sort());
    for (const code of ITEM_TYPE_CODES) {
      const type = types[code];
      expect(type.code).toBe(code);
      expect(type.instruction).not.toBe('');
      expect(type.Evidence).toBeTypeOf('function');
    }
  });

  it('loads each type once: a second ask gets the same load', () => {
    expect(loadItemType('RO')).toBe(loadItemType('RO'));
  });

  it('speaking types are those the catalogue answers by speech, the rest are answered on screen', () => {
    for (const code of ITEM_TYPE_CODES) {
      const kind = itemTypes[code].responseKind === 'speech' ? 'speaking' : 'written';
      expect(types[code].kind).toBe(kind);
      // The kind without loading the type agrees with the loaded type's.
      expect(itemKindOf(code)).toBe(kind);
    }
  });

  it('gives each speaking type the flow timing the catalogue sets', () => {
    const ra = types.RA;
    const config = ra.flowConfig({ text: 'one two three four five six seven eight' });
    expect(config).toMatchObject({ promptDelaySeconds: null, maxSeconds: 40 });
    expect(config.prepSeconds).toBeGreaterThan(0);
    const rs = types.RS;
    const audio = { src: '/media/rs.mp3', durationSeconds: 4 };
    expect(rs.promptAudio({ audio } as never)).toEqual(audio);
    expect(rs.flowConfig({ audio } as never)).toMatchObject({ prepSeconds: 0, maxSeconds: 15 });
  });
});
