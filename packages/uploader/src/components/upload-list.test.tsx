import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import type { TUploadItem } from '../upload-types';
import { createUploadedFile } from '../uploaded-file';
import { UploadList } from './upload-list';

const item = (name: string, patch: Partial<TUploadItem>): TUploadItem => ({
  file: createUploadedFile(new File([new Uint8Array(2048)], name, { type: 'audio/mpeg' })),
  percentage: 0,
  bytesUploaded: 0,
  status: 'pending',
  options: {},
  entry: null,
  request: null,
  errorMessage: null,
  ...patch,
});

it('shows progress, errors and the right action per status', async () => {
  const onAbort = vi.fn();
  const onRetry = vi.fn();
  const running = item('a.mp3', { status: 'inProgress', percentage: 50, bytesUploaded: 1024 });
  const failed = item('b.mp3', { status: 'failed', errorMessage: 'Disk full' });
  const broken = item('c.mp3', { status: 'failed' });
  const done = item('d.mp3', { status: 'completed', percentage: 100 });
  render(<UploadList items={[running, failed, broken, done]} onAbort={onAbort} onRetry={onRetry} />);

  expect(screen.getByRole('progressbar', { name: 'Uploading a.mp3' }).getAttribute('aria-valuenow')).toBe(
    '50',
  );
  expect(screen.getByText('1 KB of 2 KB')).toBeTruthy();
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
    'Disk full',
    'There was an issue. Please try again.',
  ]);
  expect(screen.getByLabelText('Uploaded')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Cancel upload of d.mp3' })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Cancel upload of a.mp3' }));
  await userEvent.click(screen.getByRole('button', { name: 'Retry upload of b.mp3' }));
  expect(onAbort).toHaveBeenCalledWith(running.file.id);
  expect(onRetry).toHaveBeenCalledWith(failed.file.id);
});

it('renders nothing without uploads', () => {
  const { container } = render(<UploadList items={[]} onAbort={vi.fn()} onRetry={vi.fn()} />);
  expect(container.innerHTML).toBe('');
});
