import { describe, expect, it } from 'vitest';
import { SYSTEM_FONTS, WEB_FONTS } from '../../../shared/model/fonts';
import { primaryFontChoices } from './FontSelect';

describe('the primary font choices', () => {
  it("group the fonts every reader has apart from the web fonts, naming the clients that load those", () => {
    const [safe, web] = primaryFontChoices('Arial') as { group: string; items: string[] }[];
    expect(safe).toEqual({ group: 'Safe everywhere', items: [...SYSTEM_FONTS] });
    expect(web!.group).toBe('Web fonts (Apple Mail, iOS, Outlook for Mac, Gmail on Android)');
    expect(web!.items).toEqual([...WEB_FONTS]);
  });

  it('still offer a stored font the lists lack, first', () => {
    expect(primaryFontChoices('Comic Neue')[0]).toBe('Comic Neue');
    expect(primaryFontChoices('montserrat')).toHaveLength(2);
  });
});
