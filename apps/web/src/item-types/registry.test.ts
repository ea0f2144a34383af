import { ITEM_TYPE_CODES, itemTypes } from '@ninety/contract';
import { describe, expect, it } from 'vitest';
import { itemTypeOf, itemTypeRegistry } from './registry';

describe('the item-type registry', () => {
  it('describes all 23 codes (22 PTE types and PI), each under its own code', () => {
    expect(Object.keys(itemTypeRegistry).sort()).toEqual([...ITEM_TYPE_CODES].sort());
    for (const code of ITEM_TYPE_CODES) {
      const type = itemTypeOf(code);
      expect(type.code).toBe(code);
      expect(type.instruction).not.toBe('');
      expect(type.Evidence).toBeTypeOf('function');
    }
  });

  it('speaking types are those the catalogue answers by speech, the rest are answered on screen', () => {
    for (const code of ITEM_TYPE_CODES) {
      expect(itemTypeOf(code).kind).toBe(
        itemTypes[code].responseKind === 'speech' ? 'speaking' : 'written',
      );
    }
  });

  it('gives each speaking type the flow timing the catalogue sets', () => {
    const ra = itemTypeOf('RA');
    const config = ra.flowConfig({ text: 'one two three four five six seven eight' });
    expect(config).toMatchObject({ promptDelaySeconds: null, maxSeconds: 40 });
    expect(config.prepSeconds).toBeGreaterThan(0);
    const rs = itemTypeOf('RS');
    const audio = { src: '/media/rs.mp3', durationSeconds: 4 };
    expect(rs.promptAudio({ audio } as never)).toEqual(audio);
    expect(rs.flowConfig({ audio } as never)).toMatchObject({ prepSeconds: 0, maxSeconds: 15 });
  });
});
