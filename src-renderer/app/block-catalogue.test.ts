import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../shared/model';
import { BLOCK_KINDS, PALETTE } from './block-catalogue';

describe('the block catalogue', () => {
  it('pairs every block type with the kind of that type', () => {
    for (const type of BLOCK_TYPES) expect(BLOCK_KINDS[type].type).toBe(type);
    expect(Object.keys(BLOCK_KINDS).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it("lists the palette in spec 2 §1's order, one button per name", () => {
    expect(PALETTE.map((item) => `${item.group}: ${item.name}`)).toEqual([
      'CREATE: Heading',
      'CREATE: Paragraph',
      'CREATE: Button',
      'CREATE: Blockquote',
      'CREATE: Divider',
      'CREATE: HTML',
      'CREATE: Image',
      'CREATE: Logo',
      'CREATE: Profiles',
      'CREATE: Share',
      'CREATE: YouTube',
      'CREATE: Poll',
      'DYNAMIC CONTENT: Curations',
      'DYNAMIC CONTENT: Promotion',
      'DYNAMIC CONTENT: RSS',
      'DYNAMIC CONTENT: RSS (Legacy)',
      'DYNAMIC CONTENT: URL',
      'LAYOUTS: Image + Text',
      'LAYOUTS: Text + Image',
      'LAYOUTS: Image + Image',
      'LAYOUTS: Text + Text',
      'LAYOUTS: Image + Text columns',
      'INTEGRATIONS: Evvnt',
      'INTEGRATIONS: RevContent',
      'INTEGRATIONS: Iterable',
    ]);
  });
});
