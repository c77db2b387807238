import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { UPLOAD_MSG } from '@serwis/domain';
import { theme } from '../app/theme';
import { UploadProgressBar } from './upload-progress-bar';
import type { UploadProgress } from '../lib/upload-progress';

const show = (progress: UploadProgress | null) =>
  render(
    <MantineProvider theme={theme} env="test">
      <UploadProgressBar progress={progress} />
    </MantineProvider>,
  );

describe('UploadProgressBar', () => {
  it('shows the share sent, rounded down, with both sizes in Polish notation', () => {
    show({ sent: 87_654_321, total: 104_857_600 });
    expect(screen.getByRole('progressbar', { name: UPLOAD_MSG.progressLabel })).toHaveAttribute(
      'aria-valuenow',
      '83',
    );
    expect(screen.getByText('Wysłano 83,5 MB z 100 MB (83%)')).toBeInTheDocument();
  });

  it('never shows the part sent as the whole before the last byte has gone', () => {
    show({ sent: 10_443_000, total: 10_485_760 });
    expect(screen.getByText('Wysłano 9,9 MB z 10 MB (99%)')).toBeInTheDocument();
  });

  it('says the server is storing the file once the last byte has gone, not 100% sent and waiting', () => {
    show({ sent: 2048, total: 2048 });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(UPLOAD_MSG.storing)).toBeInTheDocument();
    expect(screen.queryByText(/Wysłano/)).toBeNull();
  });

  it('shows nothing before the first bytes are counted', () => {
    const { container } = show(null);
    expect(container.querySelector('[role="progressbar"]')).toBeNull();
    show({ sent: 0, total: 0 });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
