// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { createAppStore } from '../../app/store';
import { CollateralForm } from './CollateralForm';

// The collateral form over the bridge's transport: what only the platform checks (the
// image's size) comes back on the image field, and the form stays open.

const SIZE_MESSAGE = 'The image must be 300x300 pixels; this one is 640x480.';
const saved: unknown[] = [];

const bridge: Bridge = {
  async invoke(channel, input) {
    if (channel !== 'promotions.saveCollateral') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    saved.push(input);
    return { ok: false, error: { code: 'invalid_input', message: 'The given data was invalid.', fields: { image: [SIZE_MESSAGE] } } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = bridge;
  // happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
});
afterEach(cleanup);

describe('the collateral form', () => {
  it('shows the platform’s image size refusal on the image field and stays open', async () => {
    let done = false;
    render(
      <Provider store={createAppStore()}>
        <MantineProvider env="test">
          <CollateralForm campaignUniqueId="c-1" promotion={null} adTypes={[]} onDone={() => (done = true)} />
        </MantineProvider>
      </Provider>,
    );
    expect(screen.getByText('300x300')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Image URL' }), 'https://cdn.example/wide.png');
    await userEvent.type(screen.getByRole('textbox', { name: /Call to action URL/ }), 'https://boats.example');
    await userEvent.type(screen.getByRole('textbox', { name: 'Start date' }), '2099-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save promotion' }));
    await waitFor(() => expect(screen.getByText(SIZE_MESSAGE)).toBeTruthy());
    expect(saved).toHaveLength(1);
    expect(done).toBe(false);
    // Changing the address clears the refusal until the next save.
    await userEvent.type(screen.getByRole('textbox', { name: 'Image URL' }), 'x');
    expect(screen.queryByText(SIZE_MESSAGE)).toBeNull();
  });
});
