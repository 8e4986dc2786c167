// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSV_PERIOD_BACKWARDS, CsvDownloadsCard } from './CsvDownloadsCard';
import { renderCard } from './test-support';

afterEach(cleanup);

const download = () => screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement;

describe('the CSV downloads card', () => {
  it('downloads the chosen data for the chosen days', async () => {
    const onDownload = vi.fn(async () => null);
    renderCard(<CsvDownloadsCard onDownload={onDownload} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    fireEvent.click(download());
    await waitFor(() => expect(onDownload).toHaveBeenCalledWith('opens', '2026-11-01', '2026-11-24'));
  });

  it('refuses a period that ends before it starts', () => {
    const onDownload = vi.fn(async () => null);
    renderCard(<CsvDownloadsCard onDownload={onDownload} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByText(CSV_PERIOD_BACKWARDS)).toBeTruthy();
    expect(download().disabled).toBe(true);
  });

  it('says why a download failed', async () => {
    renderCard(<CsvDownloadsCard onDownload={async () => 'Downloading a report needs a connection to the platform.'} />);
    fireEvent.click(download());
    expect((await screen.findByRole('alert')).textContent).toContain('needs a connection');
  });
});
