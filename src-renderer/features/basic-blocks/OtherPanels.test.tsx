// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../shared/model';
import { PLACEMENT_ID_MESSAGE, TEMPLATE_ID_MESSAGE, WIDGET_ID_MESSAGE } from '../../../shared/rules/ad-widgets';
import { renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

describe('ad widgets', () => {
  it('RevContent: Widget ID letters and digits, Placement ID with dashes', async () => {
    const { current } = renderPanel(newSection('revContent', 'r'));
    await retype('Widget ID', 'abc-1');
    expect(screen.getByText(WIDGET_ID_MESSAGE)).toBeTruthy();
    await retype('Widget ID', 'abc1');
    await retype('Placement ID', 'top_1');
    expect(screen.getByText(PLACEMENT_ID_MESSAGE)).toBeTruthy();
    await retype('Placement ID', 'top-1');
    expect(current().blockModel).toEqual({ widgetId: 'abc1', placementId: 'top-1' });
  });

  it('Iterable: Template ID with underscores and dashes, required', async () => {
    const { current } = renderPanel(newSection('iterable', 'i'));
    await retype('Template ID', 'spring.2026');
    expect(screen.getByText(TEMPLATE_ID_MESSAGE)).toBeTruthy();
    expect(current().blockModel.templateId).toBe('demo');
    await retype('Template ID', '');
    expect(screen.getByText('Template ID is required.')).toBeTruthy();
    await retype('Template ID', 'spring_2026-a');
    expect(current().blockModel.templateId).toBe('spring_2026-a');
  });
});

describe('a read-only letter', () => {
  it('changes nothing', async () => {
    const { current } = renderPanel(newSection('divider', 'd'), { readOnly: true });
    expect((screen.getByLabelText('Thickness') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Dotted' }));
    expect(current().blockModel.style).toBe('solid');
  });
});
