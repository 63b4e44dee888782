import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FakeUploadServer } from '../test/fake-upload-server';
import { LOCAL_SETTINGS, testContext } from '../test/upload-test-helpers';
import { ImageUploadField } from './image-upload-field';

let server: FakeUploadServer;
beforeEach(async () => {
  server = await new FakeUploadServer().start();
});
afterEach(() => server.stop());

function Form({ onToast, onSubmit }: { onToast: (message: string) => void; onSubmit: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const { client, getCookie, storage, baseUrl } = testContext(server.baseUrl);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ImageUploadField
        label="Avatar"
        name="avatar"
        isRequired
        value={url}
        onChange={setUrl}
        settings={LOCAL_SETTINGS}
        onToast={onToast}
        uploaderContext={{ client, getCookie, storage, baseUrl }}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const picker = () => document.querySelector('input[type=file]') as HTMLInputElement;

it('refuses a missing image with "Please select an image."', async () => {
  const onSubmit = vi.fn();
  render(<Form onToast={vi.fn()} onSubmit={onSubmit} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).not.toHaveBeenCalled();
  expect(screen.getByRole('alert').textContent).toBe('Please select an image.');
});

it('toasts restriction failures and uploads nothing', async () => {
  const onToast = vi.fn();
  render(<Form onToast={onToast} onSubmit={vi.fn()} />);
  const big = new File([new Uint8Array(2097153)], 'big.png', { type: 'image/png' });
  await userEvent.upload(picker(), big);
  expect(onToast).toHaveBeenCalledWith('`big.png` exceeds maximum allowed size of 2 MB');
  // The picker filters by accept; a drop or a lying browser can still hand over a non-image.
  act(() => {
    Object.defineProperty(picker(), 'files', {
      value: [new File(['x'], 'notes.txt', { type: 'text/plain' })],
      configurable: true,
    });
    picker().dispatchEvent(new Event('change', { bubbles: true }));
  });
  expect(onToast).toHaveBeenLastCalledWith('This file type is not allowed');
  expect(server.callsTo('/api/v1/file-entries')).toHaveLength(0);
});

it('uploads a picked image to the public disk and shows it', async () => {
  const onSubmit = vi.fn();
  render(<Form onToast={vi.fn()} onSubmit={onSubmit} />);
  await userEvent.upload(picker(), new File([new Uint8Array(5000)], 'me.png', { type: 'image/png' }));
  await waitFor(() => expect(screen.getByRole('img', { name: 'Avatar' })).toBeTruthy());
  const [call] = server.callsTo('/api/v1/file-entries');
  expect(JSON.parse(String((call?.body as { metadata?: string } | undefined)?.metadata))).toEqual({
    disk: 'public',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
  expect(screen.queryByRole('img')).toBeNull();
});
