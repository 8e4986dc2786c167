// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLetterSettings, newSection, type SectionOf } from '../../../shared/model';
import { renderWith } from '../../testing/composer-test-support';
import { FooterView } from './BasicBlockViews';

// The canvas's footer says what the email's footer says (shared/render/blocks/footer.ts).

function footer(fields: Partial<SectionOf<'footer'>['blockModel']> = {}): SectionOf<'footer'> {
  const section = newSection('footer', 'f') as SectionOf<'footer'>;
  return { ...section, blockModel: { ...section.blockModel, ...fields } };
}

const view = (section: SectionOf<'footer'>, companyLevel = false) =>
  renderWith(<FooterView section={section} settings={defaultLetterSettings()} companyLevel={companyLevel} brandSlug="demo" channelSlug="weekly" />);

afterEach(cleanup);

describe('FooterView', () => {
  it('shows the copyright with the channel name, the unsubscribe link and the credit', () => {
    view(footer({ channelName: 'The Weekly' }));
    expect(screen.getByText(`© ${new Date().getFullYear()} The Weekly. All rights reserved.`)).toBeTruthy();
    expect(screen.getByText('Unsubscribe')).toBeTruthy();
    expect(screen.getByText('Letterdesk')).toBeTruthy();
  });

  it("leaves the credit out when the footer's switch is off, as the email does", () => {
    view(footer({ channelName: 'The Weekly', madeWithCredit: false }));
    expect(screen.getByText('Unsubscribe')).toBeTruthy();
    expect(screen.queryByText('Letterdesk')).toBeNull();
    expect(screen.queryByText(/Made with/)).toBeNull();
  });

  it('speaks Spanish when the footer does', () => {
    view(footer({ channelName: 'El Semanal', languageType: 'sp' }));
    expect(screen.getByText(`© ${new Date().getFullYear()} El Semanal. Todos los derechos reservados.`)).toBeTruthy();
    expect(screen.getByText('Cancelar suscripción')).toBeTruthy();
  });

  it('is a placeholder at company level', () => {
    view(footer(), true);
    expect(screen.getByText('Footer placeholder')).toBeTruthy();
    expect(screen.queryByText('Unsubscribe')).toBeNull();
  });
});
