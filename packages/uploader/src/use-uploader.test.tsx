import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FakeUploadServer } from './test/fake-upload-server';
import { LOCAL_SETTINGS, testContext } from './test/upload-test-helpers';
import { useUploader } from './use-uploader';

let server: FakeUploadServer;
beforeEach(async () => {
  server = await new FakeUploadServer().start();
});
afterEach(() => server.stop());

function renderUploader() {
  const { client, getCookie, storage, baseUrl } = testContext(server.baseUrl);
  const onServerError = vi.fn();
  const onRestrictionError = vi.fn();
  const hook = renderHook(() =>
    useUploader({
      settings: LOCAL_SETTINGS,
      context: { client, getCookie, storage, baseUrl },
      onServerError,
      onRestrictionError,
    }),
  );
  return { ...hook, onServerError, onRestrictionError };
}

it('uploads through the real transport and re-renders with the entry', async () => {
  const { result } = renderUploader();
  act(() => {
    result.current.upload([new File(['hello'], 'a.txt', { type: 'text/plain' })]);
  });
  await waitFor(() => expect(result.current.items[0]?.status).toBe('completed'));
  expect(result.current.items[0]?.entry).toMatchObject({ name: 'a.txt', file_size: 5 });
});

it('toasts server errors and reports restriction failures', async () => {
  server.formStatus = 500;
  server.formError = { message: 'Storage is offline.' };
  const { result, onServerError, onRestrictionError } = renderUploader();
  act(() => {
    result.current.upload([new File(['hello'], 'a.txt', { type: 'text/plain' })]);
    result.current.upload([new File(['x'], 'b.exe')], { restrictions: { blockedFileTypes: ['.exe'] } });
  });
  await waitFor(() => expect(result.current.items[0]?.status).toBe('failed'));
  expect(onServerError).toHaveBeenCalledWith('Storage is offline.', expect.anything());
  expect(onRestrictionError).toHaveBeenCalledWith(
    'This file type is not allowed',
    expect.objectContaining({ name: 'b.exe' }),
  );
  expect(result.current.items).toHaveLength(1);
});
