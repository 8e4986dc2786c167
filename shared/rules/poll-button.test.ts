import { describe, expect, it } from 'vitest';
import { withPollButtonAlignment, withPollButtonWidth } from './poll-button';

describe('poll button alignment and width (spec 2 §4)', () => {
  it('full width sets the width to 100; other alignments keep it', () => {
    expect(withPollButtonAlignment({ buttonAlignment: 'left', buttonWidth: 40 }, 'full width')).toEqual({ buttonAlignment: 'full width', buttonWidth: 100 });
    expect(withPollButtonAlignment({ buttonAlignment: 'left', buttonWidth: 40 }, 'right')).toEqual({ buttonAlignment: 'right', buttonWidth: 40 });
  });

  it('width 100 sets full width; under 100 while full width sets left; otherwise the alignment stays', () => {
    expect(withPollButtonWidth({ buttonAlignment: 'center', buttonWidth: 50 }, 100)).toEqual({ buttonAlignment: 'full width', buttonWidth: 100 });
    expect(withPollButtonWidth({ buttonAlignment: 'full width', buttonWidth: 100 }, 60)).toEqual({ buttonAlignment: 'left', buttonWidth: 60 });
    expect(withPollButtonWidth({ buttonAlignment: 'center', buttonWidth: 50 }, 70)).toEqual({ buttonAlignment: 'center', buttonWidth: 70 });
  });
});
